import FinitaFixtures
import FinitaTesting
import Testing

/// The clock on its own: counting the sleeps started on it, waiting for them without polling,
/// and resuming them in deadline order.
@Suite("VirtualClock", .timeLimit(.minutes(1)))
struct VirtualClockTests {
  @Test("waitForSleeps returns once the sleep is pending, so advancing resumes it")
  func waitsForASleep() async {
    let clock = VirtualClock()
    let woke = Recorder<Duration>()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      woke.append(clock.now.offset)
    }
    await clock.waitForSleeps(1)
    #expect(clock.startedSleepCount == 1)
    #expect(clock.pendingSleepCount == 1)
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    await woke.waitFor(count: 1)
    #expect(woke.values == [.seconds(1)])
    #expect(clock.pendingSleepCount == 0)
    _ = await task.result
  }

  @Test("the count is the total since creation: resumed, immediate and cancelled sleeps count")
  func countsEverySleep() async throws {
    let clock = VirtualClock()
    // Already due: returns at once, and counts.
    try await clock.sleep(until: clock.now)
    #expect(clock.startedSleepCount == 1)
    #expect(clock.pendingSleepCount == 0)

    // Cancelled while pending: throws, leaves no pending sleep, and still counts once.
    let outcome = Recorder<String>()
    let cancelled = Task {
      do {
        try await clock.sleep(for: .seconds(5))
        outcome.append("woke")
      } catch {
        outcome.append("cancelled")
      }
    }
    await clock.waitForSleeps(2)
    cancelled.cancel()
    await outcome.waitFor(count: 1)
    #expect(outcome.values == ["cancelled"])
    #expect(clock.startedSleepCount == 2)
    #expect(clock.pendingSleepCount == 0)

    // A waiter for a count already reached returns at once.
    await clock.waitForSleeps(1)
  }

  @Test("several waiters are resumed by the sleeps that reach their counts")
  func severalWaiters() async {
    let clock = VirtualClock()
    let reached = Recorder<Int>()
    let first = Task {
      await clock.waitForSleeps(1)
      reached.append(1)
    }
    let second = Task {
      await clock.waitForSleeps(2)
      reached.append(2)
    }
    let sleepers = (1...2).map { seconds in
      Task { try await clock.sleep(for: .seconds(seconds)) }
    }
    await reached.waitFor(count: 2)
    #expect(Set(reached.values) == [1, 2])
    #expect(clock.pendingSleepCount == 2)
    await clock.advance(by: .seconds(2))
    for sleeper in sleepers { _ = await sleeper.result }
    await first.value
    await second.value
  }

  @Test("a waiter for sleeps that never start returns when its task is cancelled; others wait on")
  func cancelledWaiter() async {
    let clock = VirtualClock()
    let cancelled = Task {
      await clock.waitForSleeps(1)
      return Task.isCancelled
    }
    let kept = Task {
      await clock.waitForSleeps(1)
      return clock.startedSleepCount
    }
    cancelled.cancel()
    #expect(await cancelled.value)
    // The other waiter was not taken with it: the first sleep resumes it.
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await kept.value == 1)
    await clock.advance(by: .seconds(1))
    _ = await sleeper.result

    // Cancelled before it asks: returns at once.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await clock.waitForSleeps(5)
      return clock.startedSleepCount
    }
    #expect(await early.value == 1)
  }

  @Test("advance(by:afterSleeps:) waits for the sleeps, then resumes only those that fall due")
  func advancesAfterSleeps() async {
    let clock = VirtualClock()
    let woke = Recorder<String>()
    let tasks = [("late", 2), ("soon", 1)].map { name, seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woke.append(name)
      }
    }
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    await woke.waitFor(count: 1)
    #expect(woke.values == ["soon"])
    #expect(clock.pendingSleepCount == 1)
    #expect(clock.now == VirtualClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    for task in tasks { _ = await task.result }
    #expect(woke.values == ["soon", "late"])
    #expect(clock.now == VirtualClock.Instant(offset: .seconds(2)))
  }
}
