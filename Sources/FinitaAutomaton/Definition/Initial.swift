/// Declares the state an ``Automaton`` starts in, inside an ``AutomatonBuilder`` block.
///
/// ```swift
/// Automaton<Door, DoorEvent, Never> {
///   Initial(.closed)
///   Transition(from: .closed, to: .open, by: .open)
/// }
/// ```
public struct Initial<State: Hashable & Sendable>: Sendable {
  /// The initial state.
  public let state: State

  /// Declares `state` as the initial state.
  ///
  /// - Parameter state: The state the machine starts in.
  public init(_ state: State) {
    self.state = state
  }
}
