import Clocks

/// A `TestClock` that counts the sleeps started on it, so a test can wait until work is asleep
/// before advancing time (advancing first would leave the sleeper's deadline in the future).
final class CountingClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock<Duration>()
  private let sleeps = Recorder<Instant>()

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    sleeps.append(deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Waits until `count` sleeps in total have started, then advances the clock.
  func advance(by duration: Duration, afterSleeps count: Int) async {
    await sleeps.waitFor(count: count)
    await base.advance(by: duration)
  }
}
