/// A sequence of events through an automaton and the states it visits.
///
/// Paths come from ``AutomatonExplorer``; a generated test replays ``events`` and checks that
/// the machine passes through ``states``.
///
/// ```swift
/// for path in explorer.transitionCover().paths {
///   var machine = try AutomatonMachine(player)
///   let steps = try machine.run(path.events)
///   #expect(steps.map(\.state) == path.states)
/// }
/// ```
public struct AutomatonPath<State: Hashable & Sendable, Event: AutomatonEvent>: Sendable,
  CustomStringConvertible
{
  /// The state the path starts in.
  public let start: State
  /// The events, in order.
  public let events: [Event]
  /// The state after each event; as many as ``events``.
  public let states: [State]

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - start: The starting state.
  ///   - events: The events.
  ///   - states: The state after each event.
  public init(start: State, events: [Event], states: [State]) {
    self.start = start
    self.events = events
    self.states = states
  }

  /// The state the path ends in.
  public var end: State { states.last ?? start }

  /// The event kinds, in order.
  public var kinds: [Event.Kind] { events.map(\.kind) }

  /// `start -event-> state -event-> state`.
  public var description: String {
    var text = String(describing: start)
    for (event, state) in zip(events, states) {
      text += " -\(String(describing: event.kind))-> \(String(describing: state))"
    }
    return text
  }
}

extension AutomatonPath: Equatable where Event: Equatable {}

extension AutomatonPath: Hashable where Event: Hashable {}
