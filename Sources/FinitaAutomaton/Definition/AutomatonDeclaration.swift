/// What the user declared for an ``Automaton``, gathered from its components and nothing more:
/// the states, the transitions in declaration order, the initial and final states, the Moore
/// outputs, the entry and exit actions and the computed transitions.
///
/// Queries, validation, diagrams and exploration read the declaration; a running machine reads
/// the ``CompiledAutomaton`` built from it.
internal struct AutomatonDeclaration<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>: Sendable {
  /// The state the machine starts in: the first one declared, or `nil` when none was.
  let initialState: State?
  /// Every ``Initial`` declared, in order (validation reports more than one).
  let initialDeclarations: [State]
  /// Whether the initial state is a case of `State` or mentioned by another declaration; when
  /// it is not, it was added at the front of `states` (validation reports it).
  let initialIsDeclared: Bool
  /// The transitions in declaration order.
  let transitions: [Transition<State, Event, Output>]
  /// All cases when `State` is `CaseIterable`, then every state a declaration mentions, in order
  /// of first appearance.
  let states: [State]
  /// The final states declared by value.
  let finalStates: Set<State>
  /// The tests of the final states declared by kind (`Final(kinds:)`), one per declaration.
  let finalKinds: [@Sendable (State) -> Bool]
  /// The names of the kinds declared final, as diagrams and validation name kinds.
  let finalKindNames: Set<String>
  /// The Moore outputs of the states that have one.
  let stateOutputs: [State: Output]
  /// The entry actions of each state, in declaration order.
  let entryActions: [State: [OnEntry<State, Event>]]
  /// The exit actions of each state, in declaration order.
  let exitActions: [State: [OnExit<State, Event>]]
  /// The computed transitions, in declaration order.
  let computedRows: [ComputedRow<State, Event, Output>]

  /// The declaration of a machine made of distinct `states`, an initial state among them,
  /// `transitions` between them and `stateOutputs`, with nothing else: what
  /// ``init(components:)`` gathers from a `.declaration` per state, then the `.initial`, the
  /// `.transition`s and the `.stateOutput`s, without hashing a state per transition.
  init(
    states: [State], initialState: State, transitions: [Transition<State, Event, Output>],
    stateOutputs: [State: Output]
  ) {
    self.initialState = initialState
    self.initialDeclarations = [initialState]
    self.initialIsDeclared = true
    self.transitions = transitions
    self.states = states
    self.finalStates = []
    self.finalKinds = []
    self.finalKindNames = []
    self.stateOutputs = stateOutputs
    self.entryActions = [:]
    self.exitActions = [:]
    self.computedRows = []
  }

  /// Gathers the declarations from `components`.
  init(components: [AutomatonComponent<State, Event, Output>]) {
    var transitions: [Transition<State, Event, Output>] = []
    var initials: [State] = []
    var finals: Set<State> = []
    var finalKinds: [@Sendable (State) -> Bool] = []
    var finalKindNames: Set<String> = []
    var outputs: [State: Output] = [:]
    var entries: [State: [OnEntry<State, Event>]] = [:]
    var exits: [State: [OnExit<State, Event>]] = [:]
    var mentioned = OrderedStates<State>()
    var computed: [ComputedRow<State, Event, Output>] = []
    for component in components {
      switch component.storage {
      case .transition(let transition):
        transitions.append(transition)
        mentioned.append(transition.from)
        mentioned.append(transition.to)
      case .initial(let state):
        initials.append(state)
      case .final(let state):
        finals.insert(state)
        mentioned.append(state)
      case .finalKinds(let matches, let names):
        finalKinds.append(matches)
        finalKindNames.formUnion(names)
      case .stateOutput(let state, let output):
        outputs[state] = output
        mentioned.append(state)
      case .entry(let action):
        entries[action.state, default: []].append(action)
        mentioned.append(action.state)
      case .exit(let action):
        exits[action.state, default: []].append(action)
        mentioned.append(action.state)
      case .declaration(let state):
        mentioned.append(state)
      case .computed(let row):
        computed.append(row)
      }
    }

    var declared = OrderedStates<State>()
    if let all = TransitionTable<State, Event.Kind>.cases(of: State.self) {
      for state in all {
        declared.append(state)
      }
    }
    for state in mentioned.elements {
      declared.append(state)
    }
    let initial = initials.first
    var initialIsDeclared = true
    if let initial, !declared.contains(initial) {
      initialIsDeclared = false
      declared.insert(initial, at: 0)
    }

    self.initialState = initial
    self.initialDeclarations = initials
    self.initialIsDeclared = initialIsDeclared
    self.transitions = transitions
    self.states = declared.elements
    self.finalStates = finals
    self.finalKinds = finalKinds
    self.finalKindNames = finalKindNames
    self.stateOutputs = outputs
    self.entryActions = entries
    self.exitActions = exits
    self.computedRows = computed
  }
}
