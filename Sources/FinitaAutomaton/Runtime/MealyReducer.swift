/// A Mealy machine in reducer form: a function `(state, event) -> (state, output)?`, `nil`
/// meaning that the event is undefined in the state.
///
/// This is the "state monad" view of the seed documents. A reducer is opaque, so to draw,
/// validate or explore it, turn it into a table with ``tabulated(initialState:samples:)``.
///
/// ```swift
/// let meter = MealyReducer<Meter, MeterEvent, String> { state, event in
///   switch (state, event) {
///   case (.awaitingPayment, .insert(let amount)) where amount >= 300:
///     (.paid, "give change \(amount - 300)")
///   default: nil
///   }
/// }
/// meter.transition(from: .awaitingPayment, by: .insert(500))  // (.paid, "give change 200")
/// ```
public struct MealyReducer<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  @usableFromInline
  internal let reduce: @Sendable (State, Event) -> (State, Output)?

  /// Creates a machine from its reducer.
  ///
  /// - Parameter reduce: Returns the next state and the output, or `nil` when the event is
  ///   undefined in the state.
  public init(_ reduce: @escaping @Sendable (State, Event) -> (State, Output)?) {
    self.reduce = reduce
  }

  /// The next state and output for `event` in `state`, or `nil` when it is undefined.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event.
  /// - Returns: The next state and the output.
  @inlinable
  public func transition(from state: State, by event: Event) -> (state: State, output: Output)? {
    reduce(state, event).map { (state: $0.0, output: $0.1) }
  }

  /// Runs `events` from `state`, collecting the outputs; stops at the first undefined event.
  ///
  /// - Parameters:
  ///   - state: The starting state.
  ///   - events: The events.
  /// - Returns: The final state and the outputs, or `nil` when an event was undefined.
  public func run(from state: State, events: some Sequence<Event>) -> (
    state: State, outputs: [Output]
  )? {
    var current = state
    var outputs: [Output] = []
    for event in events {
      guard let (next, output) = reduce(current, event) else { return nil }
      current = next
      outputs.append(output)
    }
    return (current, outputs)
  }

  /// Builds the transition table of the states reachable from `initialState` with the sample
  /// events, so the machine can be drawn, validated and explored.
  ///
  /// Each (state, kind, target) found becomes a transition whose guard and output call the
  /// reducer, so the table behaves exactly as the reducer for every event, including payloads
  /// that were not sampled (as long as they lead to targets that were).
  ///
  /// - Parameters:
  ///   - initialState: Where exploration starts.
  ///   - samples: Events to try in every state; give one per payload that matters.
  /// - Returns: An automaton equivalent to the reducer on the explored states.
  public func tabulated(initialState: State, samples: [Event]) -> Automaton<State, Event, Output> {
    let reduce = self.reduce
    var transitions: [Transition<State, Event, Output>] = []
    var seenEdges = Set<TransitionTable<State, Event.Kind>.Key>()
    var targetsSeen: [TransitionTable<State, Event.Kind>.Key: Set<State>] = [:]
    var visited: Set<State> = [initialState]
    var queue = [initialState]
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      for sample in samples {
        guard let (next, _) = reduce(state, sample) else { continue }
        let key = TransitionTable<State, Event.Kind>.Key(state: state, kind: sample.kind)
        seenEdges.insert(key)
        if targetsSeen[key, default: []].insert(next).inserted {
          transitions.append(
            Transition(from: state, to: next, by: sample.kind)
              .guarded { state, event in reduce(state, event).map { $0.0 == next } ?? false }
              .output("reduce") { state, event in reduce(state, event)?.1 }
          )
        }
        if visited.insert(next).inserted {
          queue.append(next)
        }
      }
    }
    return Automaton(initialState: initialState, transitions: transitions, states: queue)
  }
}
