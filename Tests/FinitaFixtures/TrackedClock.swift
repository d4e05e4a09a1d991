import Clocks

/// A test clock that counts the sleeps started on it, so a test can wait until an effect is
/// asleep before advancing time (advancing first would move the effect's deadline).
package final class TrackedClock: Clock, Sendable {
  package typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock<Duration>()
  private let sleeps = Recorder<Instant>()

  package init() {}

  package var now: Instant { base.now }
  package var minimumResolution: Duration { base.minimumResolution }

  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    sleeps.append(deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Returns once `count` sleeps in total have started. Never sleeps itself.
  package func waitForSleeps(_ count: Int) async {
    await sleeps.waitFor(count: count)
  }

  /// Waits for `count` sleeps to have started, then advances the clock.
  package func advance(by duration: Duration, afterSleeps count: Int) async {
    await waitForSleeps(count)
    await base.advance(by: duration)
  }

  /// Advances the clock at once.
  package func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
