/// Declares an action run when a state is left, inside an ``AutomatonBuilder`` block.
///
/// Exit actions run from ``AutomatonMachine/send(_:)`` before the entry actions of the next
/// state; internal transitions (``Transition/init(within:by:)``) run none.
///
/// ```swift
/// OnExit(.playing, "stop motor") { event in motor.stop() }
/// ```
public struct OnExit<State: Hashable & Sendable, Event: AutomatonEvent>: Sendable {
  /// The state whose exit runs the action.
  public let state: State
  /// The name shown in diagrams, or `nil`.
  public let name: String?
  @usableFromInline
  internal let body: @Sendable (Event) -> Void

  /// Declares an action run each time `state` is left.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - name: A name shown in diagrams, such as `"stop motor"`.
  ///   - perform: The action, given the event that caused the exit.
  public init(
    _ state: State,
    _ name: String? = nil,
    perform: @escaping @Sendable (Event) -> Void
  ) {
    self.state = state
    self.name = name
    self.body = perform
  }
}
