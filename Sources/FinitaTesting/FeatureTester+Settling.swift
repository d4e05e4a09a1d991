import Finita

extension FeatureTester {
  /// Waits until every running effect of the feature is asleep on the virtual clock or done.
  ///
  /// Work waiting on something other than the clock never settles; after a bounded number of
  /// yields the tester goes on, and `receive` or `finish` report what is still running.
  func settle() async {
    var settledChecks = 0
    for _ in 0..<20_000 {
      if feature.inFlightEffectCount <= clock.pendingSleepCount {
        settledChecks += 1
        if settledChecks == 3 { return }
      } else {
        settledChecks = 0
      }
      await Task.yield()
    }
  }
}
