import Clocks
import Finita
import Foundation

/// A value behind a lock, for test bookkeeping across threads.
final class Locked<Value>: @unchecked Sendable {
  // Safe to send: every access to `stored` holds `lock`.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value { lock.withLock { stored } }

  func set(_ value: Value) { lock.withLock { stored = value } }

  @discardableResult
  func modify<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}

/// Records values delivered by callbacks, and lets a test wait for a number of them.
final class Recorder<Value: Sendable>: Sendable {
  private struct Waiter {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private let storage = Locked<(values: [Value], waiters: [Waiter])>(([], []))

  var values: [Value] { storage.value.values }

  func append(_ value: Value) {
    let ready = storage.modify { storage -> [Waiter] in
      storage.values.append(value)
      let ready = storage.waiters.filter { storage.values.count >= $0.count }
      storage.waiters.removeAll { storage.values.count >= $0.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once at least `count` values were recorded. Never sleeps.
  func waitFor(count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = storage.modify { storage -> Bool in
        if storage.values.count >= count { return true }
        storage.waiters.append(Waiter(count: count, continuation: continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// Fails the test if two threads are inside the guarded code at once.
final class ConcurrencyGuard: Sendable {
  private let inside = Locked(0)
  let violations = Locked(0)

  func enter() {
    inside.modify { count in
      count += 1
      if count > 1 { violations.modify { $0 += 1 } }
    }
  }

  func leave() { inside.modify { $0 -= 1 } }
}

extension Feature {
  /// Subscribes a recorder to states (the current one first).
  func recordStates() -> (Recorder<State>, Subscription) {
    let recorder = Recorder<State>()
    let subscription = observeState { recorder.append($0) }
    return (recorder, subscription)
  }

  /// Subscribes a recorder to news.
  func recordNews() -> (Recorder<News>, Subscription) {
    let recorder = Recorder<News>()
    let subscription = observeNews { recorder.append($0) }
    return (recorder, subscription)
  }

  /// Waits, without sleeping, until the feature's state satisfies `predicate`.
  func waitForState(where predicate: @Sendable (State) -> Bool) async -> State? {
    for await state in states where predicate(state) {
      return state
    }
    return nil
  }
}

/// Makes fixture F on a test clock.
func makeFixture(
  clock: TrackedClock = TrackedClock(),
  startsImmediately: Bool = true,
  configuration: FeatureConfiguration = .init(),
  _ customize: (inout Fixture) -> Void = { _ in }
) -> Feature<Fixture> {
  var definition = Fixture(clock: clock)
  customize(&definition)
  return Feature(
    initialState: FixtureState(),
    definition: definition,
    configuration: configuration,
    startsImmediately: startsImmediately
  )
}
