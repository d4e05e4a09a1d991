/// A small set of event sequences that together take every transition the explorer can fire.
///
/// Returned by ``AutomatonExplorer/transitionCover()``.
public struct TransitionCover<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  /// The sequences, each starting in the explorer's start state.
  public let paths: [AutomatonPath<State, Event>]
  /// Transitions no sequence takes: their state is unreachable, or no sample event satisfies
  /// their guard. Add samples to cover them.
  public let uncovered: [Transition<State, Event, Output>]
  /// How many distinct transitions the paths take.
  public let coveredCount: Int

  /// Creates a cover.
  ///
  /// - Parameters:
  ///   - paths: The sequences.
  ///   - uncovered: The transitions left out.
  ///   - coveredCount: How many transitions are taken.
  public init(
    paths: [AutomatonPath<State, Event>],
    uncovered: [Transition<State, Event, Output>],
    coveredCount: Int
  ) {
    self.paths = paths
    self.uncovered = uncovered
    self.coveredCount = coveredCount
  }

  /// The total number of events over all paths.
  public var length: Int {
    paths.reduce(0) { $0 + $1.events.count }
  }
}
