import Finita

/// A clock whose time moves only when a test says so.
///
/// Give it to a feature's definition in place of `ContinuousClock`. ``FeatureTester`` creates
/// one for you and advances it with ``FeatureTester/advance(by:fileID:filePath:line:column:)``,
/// which also waits for the work that was due to finish.
///
/// Unlike a plain test clock, it knows which sleeps are pending and which feature work each
/// belongs to. The tester moves time only once all of its feature's work is suspended, so every
/// effect due to sleep has reached its `sleep`: advancing before that would start the sleep from
/// the new time and move its deadline.
///
/// Without a tester, a test waits for the work to reach the clock with ``waitForSleeps(_:)`` or
/// ``advance(by:afterSleeps:)``, which suspend until enough sleeps have started instead of
/// polling:
///
/// ```swift
/// let clock = VirtualClock()
/// let feature = Feature(initialState: Search.State(), definition: Search(clock: clock))
/// feature.accept(.query("swift"))  // debounced: sleeps 300 ms on the clock
/// await clock.advance(by: .milliseconds(300), afterSleeps: 1)
/// ```
public final class VirtualClock: Clock, Sendable {
  /// A point in virtual time: the offset from the clock's creation.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// Time since the clock was created.
    public let offset: Duration

    /// Creates an instant at `offset` from the clock's creation.
    ///
    /// - Parameter offset: Time since creation.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: Another instant.
    /// - Returns: `other - self`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, such as `1.5 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The feature work (see `FeatureWork`) the sleeping task runs for, when a feature under
    /// test started it.
    let work: UInt64?
  }

  /// A test waiting in ``waitForSleeps(_:)`` for the count of started sleeps to reach `count`.
  private struct SleepCountWaiter {
    /// Which call this is, so that its task's cancellation takes this waiter and no other.
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct Storage {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    /// Every call to `sleep` so far, counted once the call is settled: pending, returned at once
    /// because its deadline had passed, or failed because its task was cancelled.
    var startedSleepCount = 0
    var sleepCountWaiters: [SleepCountWaiter] = []

    /// Counts one more started sleep and returns the waiters it satisfies, to resume outside the
    /// lock.
    mutating func countStartedSleep() -> [SleepCountWaiter] {
      startedSleepCount += 1
      let count = startedSleepCount
      guard sleepCountWaiters.contains(where: { $0.count <= count }) else { return [] }
      let ready = sleepCountWaiters.filter { $0.count <= count }
      sleepCountWaiters.removeAll { $0.count <= count }
      return ready
    }
  }

  private let storage = LockedValue(Storage())

  /// Creates a clock at time zero.
  public init() {}

  /// The feature work (see `FeatureWork`) of each task asleep on the clock.
  var sleepingWork: Set<UInt64> {
    storage.withLock { Set($0.sleepers.compactMap(\.work)) }
  }

  /// The current virtual time.
  public var now: Instant { storage.withLock { $0.now } }

  /// The smallest step the clock measures: zero.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for time to move.
  public var pendingSleepCount: Int { storage.withLock { $0.sleepers.count } }

  /// How many sleeps have started on the clock since its creation, whether they are still
  /// pending, were resumed, returned at once or were cancelled.
  public var startedSleepCount: Int { storage.withLock { $0.startedSleepCount } }

  /// Returns once `count` sleeps in total have started on the clock, without polling and
  /// without sleeping.
  ///
  /// A sleep counts once it is pending (or, when its deadline had passed or its task was
  /// cancelled, once it returned or threw), so advancing the clock after this call resumes it.
  /// Use it when a test drives a feature without ``FeatureTester``: advancing before the work
  /// reached its `sleep` would start the sleep from the new time and move its deadline.
  ///
  /// ```swift
  /// feature.accept(.searchLater("swift"))  // the effect sleeps 300 ms on the clock
  /// await clock.waitForSleeps(1)
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// The count is the total since the clock's creation, not the number pending now: after one
  /// sleep was resumed and the work started another, wait for `2`.
  ///
  /// It also returns when the calling task is cancelled (a test's time limit, say), so a count
  /// that is never reached fails the test instead of hanging it; check ``startedSleepCount``
  /// or `Task.isCancelled` when that matters.
  ///
  /// - Parameter count: The total number of started sleeps to wait for.
  public func waitForSleeps(_ count: Int) async {
    let id = storage.withLock { storage -> UInt64 in
      storage.nextID += 1
      return storage.nextID
    }
    await waitUnlessCancelled { continuation in
      storage.withLock { storage in
        if storage.startedSleepCount >= count || Task.isCancelled { return false }
        storage.sleepCountWaiters.append(
          SleepCountWaiter(id: id, count: count, continuation: continuation))
        return true
      }
    } takeBack: { [storage] in
      storage.withLock { storage in
        storage.sleepCountWaiters.firstIndex { $0.id == id }
          .map { storage.sleepCountWaiters.remove(at: $0).continuation }
      }
    }
  }

  /// Waits until `count` sleeps in total have started, then moves time forward by `duration`.
  ///
  /// The same as ``waitForSleeps(_:)`` followed by ``advance(by:)``.
  ///
  /// - Parameters:
  ///   - duration: How far to move.
  ///   - count: The total number of started sleeps to wait for first.
  public func advance(by duration: Duration, afterSleeps count: Int) async {
    await waitForSleeps(count)
    await advance(by: duration)
  }

  /// The deadline of the earliest pending sleep, if any.
  public var nextDeadline: Instant? {
    storage.withLock { $0.sleepers.map(\.deadline).min() }
  }

  /// Suspends until the clock is advanced to `deadline`, or throws `CancellationError` when the
  /// task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: When to resume.
  ///   - tolerance: Ignored: virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    if Task.isCancelled {
      resume(storage.withLock { $0.countStartedSleep() })
      throw CancellationError()
    }
    let id = storage.withLock { storage -> UInt64 in
      storage.nextID += 1
      return storage.nextID
    }
    let work = FeatureWork.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (immediate, ready) = storage.withLock {
          storage -> (Result<Void, any Error>?, [SleepCountWaiter]) in
          let ready = storage.countStartedSleep()
          if Task.isCancelled { return (.failure(CancellationError()), ready) }
          if deadline <= storage.now { return (.success(()), ready) }
          storage.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, work: work))
          return (nil, ready)
        }
        resume(ready)
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let sleeper = storage.withLock { storage -> Sleeper? in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return storage.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, resuming each sleep that falls due, earliest first, and
  /// yielding after each one so the resumed work can run.
  ///
  /// Inside a ``FeatureTester``, prefer the tester's `advance(by:)`, which waits for the feature's
  /// work more precisely.
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration) async {
    await advance(by: duration) {
      for _ in 0..<100 { await Task.yield() }
    }
  }

  /// Moves time forward, calling `settle` after each resumed sleep.
  func advance(by duration: Duration, settle: () async -> Void) async {
    let target = now.advanced(by: duration)
    while let sleeper = resumeNext(upTo: target) {
      sleeper.continuation.resume()
      await settle()
    }
    storage.withLock { storage in
      if storage.now < target { storage.now = target }
    }
  }

  private func resume(_ waiters: [SleepCountWaiter]) {
    for waiter in waiters { waiter.continuation.resume() }
  }

  private func resumeNext(upTo target: Instant) -> Sleeper? {
    storage.withLock { storage -> Sleeper? in
      guard
        let index = storage.sleepers.indices
          .filter({ storage.sleepers[$0].deadline <= target })
          .min(by: { storage.sleepers[$0].deadline < storage.sleepers[$1].deadline })
      else { return nil }
      let sleeper = storage.sleepers.remove(at: index)
      storage.now = Swift.max(storage.now, sleeper.deadline)
      return sleeper
    }
  }
}
