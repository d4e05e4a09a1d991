import Finita

/// A value sent once and awaited once: the first `send` wins, later ones are dropped. For the
/// servers of the examples and the inspector, which wait for their listening port.
package final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiter: CheckedContinuation<Value, Never>?
  }

  private let state = LockedValue(State())

  /// Creates it with no value yet.
  package init() {}

  /// Sends `value`, unless a value was sent before; resumes the one waiting for it.
  package func send(_ value: Value) {
    let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
      guard state.value == nil else { return nil }
      state.value = value
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: value)
  }

  /// The value, once sent.
  package var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let value = state.withLock { state -> Value? in
          if state.value == nil { state.waiter = continuation }
          return state.value
        }
        if let value { continuation.resume(returning: value) }
      }
    }
  }
}
