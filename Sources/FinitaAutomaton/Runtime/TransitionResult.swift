/// What an ``Automaton`` does with an event in a state, telling apart an event that no row
/// declares from one whose rows' guards all refused it.
///
/// Returned by ``Automaton/resolveTransition(from:by:)``.
public enum TransitionResult<State: Sendable>: Sendable {
  /// A row fires and leads to this state.
  case transition(to: State)
  /// Rows are declared for the event's kind in the state, but every guard refused the event.
  case refusedByGuards
  /// No row is declared for the event's kind in the state.
  case undefined

  /// The state reached, or `nil` when no row fires.
  public var state: State? {
    if case .transition(let state) = self { state } else { nil }
  }
}

extension TransitionResult: Equatable where State: Equatable {}

extension TransitionResult: Hashable where State: Hashable {}
