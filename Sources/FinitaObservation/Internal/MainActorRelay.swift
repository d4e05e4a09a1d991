import Finita

/// Carries values from any thread to the main actor, in order.
///
/// On the main actor's executor a value is applied before `send` returns (a feature that
/// processes there updates its model synchronously); from elsewhere, values wait and one task
/// applies everything pending. A value sent while another is applied is applied right after it.
final class MainActorRelay<Value: Sendable>: Sendable {
  private struct State {
    var pending = DrainQueue<Value>()
    var isHopScheduled = false
  }

  private let box = LockedValue(State())
  private let keepsLatestOnly: Bool
  private let apply: @MainActor @Sendable (Value) -> Void

  /// - Parameters:
  ///   - keepsLatestOnly: Whether a new value replaces those still waiting (states), rather
  ///     than queueing behind them (news).
  ///   - apply: Receives each value on the main actor.
  init(keepsLatestOnly: Bool, apply: @escaping @MainActor @Sendable (Value) -> Void) {
    self.keepsLatestOnly = keepsLatestOnly
    self.apply = apply
  }

  func send(_ value: Value) {
    let onMain = isOnMainActorExecutor()
    let action = box.withLock { state -> Action in
      if keepsLatestOnly && !state.pending.isDraining { _ = state.pending.removeAll() }
      state.pending.append(value)
      if onMain { return state.pending.claim() ? .drain : .none }
      guard !state.isHopScheduled else { return .none }
      state.isHopScheduled = true
      return .hop
    }
    switch action {
    case .drain:
      MainActor.assumeIsolated { drain() }
    case .hop:
      Task { @MainActor [weak self] in self?.hop() }
    case .none:
      break
    }
  }

  private enum Action {
    case drain, hop, none
  }

  @MainActor
  private func hop() {
    let drains = box.withLock { state -> Bool in
      state.isHopScheduled = false
      return state.pending.claim()
    }
    if drains { drain() }
  }

  @MainActor
  private func drain() {
    while let value = box.withLock({ $0.pending.next() }) {
      apply(value)
    }
  }
}

/// Whether two values of the same type are equal, when the type is `Equatable`; `false`
/// otherwise, so that a value of a non-`Equatable` type always counts as a change.
func isKnownEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  guard let lhs = lhs as? any Equatable else { return false }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
