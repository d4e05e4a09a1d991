import Finita

extension FeatureTester {
  /// Waits until all of the feature's work is suspended: nothing queued or processing, and no
  /// part of its asynchronous work able to run. Returns the executor's generation at that
  /// moment (`0` without an executor), for `WorkExecutor.busy(after:)`.
  ///
  /// Every task of the feature's work prefers the tester's ``executor``, a thread of its own,
  /// so a part of the work that can run is a job queued or running there. Settled is then: the
  /// executor is quiet, and after that the feature is idle (nothing queued, no thread
  /// processing) while the executor stays quiet, which its unchanged generation shows. The
  /// waits neither poll nor give up; each is resumed by whoever ends the work it waits for.
  ///
  /// Work asleep on the clock and work waiting on something else (I/O, a stream, a gate) are
  /// both suspended, so a step never waits for either: the clock's sleepers wait for
  /// ``advance(by:fileID:filePath:line:column:)``, the others for `receive`, which waits for
  /// them to move, or are named by ``finish(fileID:filePath:line:column:)``. Work
  /// that never suspends (a loop of `Task.yield()`) keeps the tester waiting until the test's
  /// time limit.
  ///
  /// Where task executors are missing (before macOS 15 and iOS 18), the work runs on the global
  /// executor and the tester cannot see it suspend: see ``settleByYielding()``.
  @discardableResult
  func settle() async -> UInt64 {
    guard let executor else {
      await settleByYielding()
      return 0
    }
    while !Task.isCancelled {
      await executor.quiet()
      guard let quiet = executor.quietGeneration else { continue }
      await feature.idle(waitingForWork: false)
      if executor.quietGeneration == quiet { return quiet }
    }
    return executor.generation
  }

  /// Whether some running work waits on something other than the tester's clock, once the
  /// work has settled: a task whose work has no part asleep on the clock.
  ///
  /// Settled, no part of any work can run, so a work with a part asleep on the clock waits for
  /// the clock; concurrent parts of one work share its mark (see `FeatureWork`), so a work with
  /// one part on the clock and another waiting on I/O counts as waiting for the clock.
  func awaitsMoreThanTheClock() -> Bool {
    !feature.runningWork.isSubset(of: clock.sleepingWork)
  }

  /// The settling of systems without task executors: until nothing is queued or processing
  /// and every running work has a part asleep on the clock, the tester yields to let the work
  /// run. It gives up when 1,000 yields in a row changed nothing it can see (the running work,
  /// the work asleep on the clock, what the feature did), or after 20,000 in all, so that work
  /// waiting on something else than the clock lets the test go on
  /// (``finish(fileID:filePath:line:column:)`` then names it).
  ///
  /// The count of unchanged yields, not the total, bounds the wait: on a busy machine each
  /// yield waits behind every other ready task, so 20,000 of them for every step of a test
  /// whose work waits on a gate took minutes.
  func settleByYielding() async {
    await settleByYields(feature, clock) {
      record.withLock { $0.received.count + $0.stepStates.count + $0.news.count }
    }
  }
}

/// Settles `feature` by yields, for systems without task executors (see
/// `FeatureTester.settleByYielding()`, whose rule this is; the explorer shares it).
///
/// - Parameters:
///   - feature: The feature whose work should settle.
///   - clock: The virtual clock the work sleeps on.
///   - seen: How many states and news the caller saw so far, to tell progress from none.
func settleByYields<Definition: FeatureDefinition>(
  _ feature: Feature<Definition>, _ clock: VirtualClock, seen: () -> Int
) async {
  func progress() -> SettlingProgress {
    SettlingProgress(running: feature.runningWork, sleeping: clock.sleepingWork, seen: seen())
  }
  var unchanged = 0
  var last = progress()
  for _ in 0..<20_000 where !Task.isCancelled && unchanged < 1_000 {
    await feature.idle(waitingForWork: false)
    if feature.runningWork.isSubset(of: clock.sleepingWork) { return }
    await Task.yield()
    let now = progress()
    unchanged = now == last ? unchanged + 1 : 0
    last = now
  }
}

/// A snapshot of what settling by yields watches (see `FeatureTester.settleByYielding()`).
private struct SettlingProgress: Equatable {
  var running: Set<UInt64>
  var sleeping: Set<UInt64>
  var seen: Int
}
