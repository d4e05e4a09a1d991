/// The transition that fires for an event in a state, with the output it produces.
///
/// Returned by ``Automaton/match(from:by:)``.
public struct TransitionMatch<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  /// The transition taken.
  public let transition: Transition<State, Event, Output>
  /// The output: the transition's Mealy output, or else the Moore output of the target state.
  public let output: Output?

  /// The state left.
  public var from: State { transition.from }
  /// The state entered.
  public var to: State { transition.to }

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - transition: The transition taken.
  ///   - output: The output produced.
  public init(transition: Transition<State, Event, Output>, output: Output?) {
    self.transition = transition
    self.output = output
  }
}
