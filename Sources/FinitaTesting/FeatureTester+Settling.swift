import Finita

extension FeatureTester {
  /// Waits until the feature's work has settled: nothing queued or processing, and every task
  /// of its asynchronous work finished or asleep on the tester's clock.
  ///
  /// It does not poll. The feature and the clock tell ``monitor`` whenever the work moves (the
  /// processing token is given back, a task ends, a task falls asleep on the clock); each change
  /// wakes this function to check again. The feature marks each task of its work, and the clock
  /// records the mark of each task asleep on it, so work asleep on the clock is told apart from
  /// work waiting for something else (a network call, a stream), which is still running.
  ///
  /// Parts of one piece of work that run at the same time (a merge inside a concatenation) carry
  /// the same mark, so while one part sleeps the others look asleep too. That is why, after the
  /// clock wakes a task of the work, `advance(by:)` first waits for one change (the woken part
  /// sends an effect, sleeps again or ends) before it checks.
  ///
  /// Work that waits for something else than the clock may never move again. So that a test
  /// with such work goes on (and ``finish()`` or a failing `receive` reports the running work),
  /// a second task gives up once the scheduler has run everything else many times over
  /// (20,000 yields) with no change; that is the only bound, and it is reached only by such work.
  func settle() async {
    while !Task.isCancelled {
      let generation = monitor.generation
      let work = feature.workSnapshot()
      if !work.isBusy, work.running.isSubset(of: clock.sleepingWork) { return }
      let changed = await waitForChange(after: generation)
      if !changed { return }
    }
  }

  /// Waits until ``monitor`` records a change after `generation`; `false` when, instead, the
  /// scheduler ran everything else 20,000 times over with no change (work waiting for
  /// something else than the clock).
  @discardableResult
  func waitForChange(after generation: UInt64) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { [monitor] in
        await monitor.wait(after: generation)
        return true
      }
      group.addTask {
        for _ in 0..<20_000 where !Task.isCancelled { await Task.yield() }
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
