import Finita

/// Collects values from any thread and lets a test wait, without sleeping, until they satisfy a
/// condition.
final class Recorder<Value: Sendable>: Sendable {
  private struct State {
    var values: [Value] = []
    var waiters:
      [(condition: @Sendable ([Value]) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
        []
  }

  private let box = LockedValue(State())

  init() {}

  var values: [Value] { box.withLock { $0.values } }

  func append(_ value: Value) {
    let ready = box.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.values.append(value)
      let values = state.values
      var ready: [CheckedContinuation<Void, Never>] = []
      state.waiters.removeAll { waiter in
        guard waiter.condition(values) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once the recorded values satisfy `condition`.
  func wait(until condition: @escaping @Sendable ([Value]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let isReady = box.withLock { state -> Bool in
        if condition(state.values) { return true }
        state.waiters.append((condition, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }

  /// Returns once at least `count` values were recorded.
  func wait(forCount count: Int) async {
    await wait { $0.count >= count }
  }
}

/// A callback source driven by the test: `emit` calls every current subscriber synchronously.
final class Emitter<Value: Sendable>: Sendable {
  private struct State {
    var receivers: [UInt64: @Sendable (Value) -> Void] = [:]
    var nextID: UInt64 = 0
    var subscribeCount = 0
  }

  private let box = LockedValue(State())

  init() {}

  /// How many times a subscription was made.
  var subscribeCount: Int { box.withLock { $0.subscribeCount } }

  /// How many subscriptions are live.
  var subscriberCount: Int { box.withLock { $0.receivers.count } }

  var source: BindingSource<Value> {
    BindingSource { receive, _ in
      let id = self.box.withLock { state -> UInt64 in
        state.nextID += 1
        state.subscribeCount += 1
        state.receivers[state.nextID] = receive
        return state.nextID
      }
      return Subscription { self.box.withLock { _ = $0.receivers.removeValue(forKey: id) } }
    }
  }

  func emit(_ value: Value) {
    let receivers = box.withLock { state in
      state.receivers.sorted { $0.key < $1.key }.map(\.value)
    }
    for receive in receivers { receive(value) }
  }
}
