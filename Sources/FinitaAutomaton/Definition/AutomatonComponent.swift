/// One declaration in the body of an ``Automaton``: a transition, the initial state, final
/// states, a state output or an entry or exit action.
///
/// You do not create components directly: ``AutomatonBuilder`` makes them from the
/// declarations written in the block.
public struct AutomatonComponent<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>: Sendable {
  internal enum Storage: Sendable {
    case transition(Transition<State, Event, Output>)
    case initial(State)
    case final(State)
    case finalKinds(@Sendable (State) -> Bool, names: [String])
    case stateOutput(State, Output)
    case entry(OnEntry<State, Event>)
    case exit(OnExit<State, Event>)
    case declaration(State)
    case computed(ComputedRow<State, Event, Output>)
  }

  internal let storage: Storage

  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// A transition.
  public static func transition(_ transition: Transition<State, Event, Output>) -> Self {
    Self(.transition(transition))
  }

  /// The initial state.
  public static func initial(_ state: State) -> Self {
    Self(.initial(state))
  }

  /// A final state.
  public static func final(_ state: State) -> Self {
    Self(.final(state))
  }

  /// A state's Moore output.
  public static func stateOutput(_ state: State, _ output: Output) -> Self {
    Self(.stateOutput(state, output))
  }

  /// An entry action.
  public static func entry(_ action: OnEntry<State, Event>) -> Self {
    Self(.entry(action))
  }

  /// An exit action.
  public static func exit(_ action: OnExit<State, Event>) -> Self {
    Self(.exit(action))
  }

  /// A computed transition.
  public static func computed(_ transition: ComputedTransition<State, Event, Output>) -> Self
  where State: AutomatonState {
    Self(.computed(transition.row))
  }

  /// A state declared even if no transition mentions it.
  public static func declaration(_ state: State) -> Self {
    Self(.declaration(state))
  }
}

extension AutomatonComponent where State: AutomatonState {
  /// Every state of the given kinds is final, whatever its payload.
  ///
  /// - Parameter kinds: The kinds of the final states.
  public static func final(kinds: [State.Kind]) -> Self {
    let kinds = Set(kinds)
    return Self(
      .finalKinds({ kinds.contains($0.kind) }, names: kinds.map { String(describing: $0) }))
  }
}
