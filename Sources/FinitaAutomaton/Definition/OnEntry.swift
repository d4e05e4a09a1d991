/// Declares an action run when a state is entered, inside an ``AutomatonBuilder`` block.
///
/// Entry actions run from ``AutomatonMachine/send(_:)`` after the exit actions of the state left;
/// internal transitions (``Transition/init(within:by:)``) run none. The pure
/// ``AutomatonMachine/step(_:)`` never runs actions.
///
/// ```swift
/// OnEntry(.playing, "start motor") { event in motor.start() }
/// ```
public struct OnEntry<State: Hashable & Sendable, Event: AutomatonEvent>: Sendable {
  /// The state whose entry runs the action.
  public let state: State
  /// The name shown in diagrams, or `nil`.
  public let name: String?
  @usableFromInline
  internal let body: @Sendable (Event) -> Void

  /// Declares an action run each time `state` is entered.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - name: A name shown in diagrams, such as `"start motor"`.
  ///   - perform: The action, given the event that caused the entry.
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
