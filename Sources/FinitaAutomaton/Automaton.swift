/// A declarative finite-state machine: a transition table over states and event kinds, with
/// optional guards, Mealy outputs (per transition), Moore outputs (per state), entry and exit
/// actions and final states.
///
/// An automaton is a pure value: it answers queries such as ``transition(from:by:)`` and is run
/// by an ``AutomatonMachine``, which holds the current state.
///
/// ```swift
/// enum Turnstile: CaseIterable { case locked, unlocked }
/// enum TurnstileEvent: AutomatonEvent { case coin, push }
///
/// let turnstile = Automaton<Turnstile, TurnstileEvent, Never> {
///   Initial(.locked)
///   Transition(from: .locked, to: .unlocked, by: .coin)
///   Transition(from: .unlocked, to: .locked, by: .push)
/// }
/// turnstile.transition(from: .locked, by: .coin)  // .unlocked
/// turnstile.transition(from: .locked, by: .push)  // nil: undefined
/// ```
///
/// The same machine can be written as a table, as in the seed documents:
///
/// ```swift
/// let turnstile = Automaton<Turnstile, TurnstileEvent, Never>(
///   initialState: .locked,
///   transitions: [
///     Transition(from: .locked, to: .unlocked, by: .coin),
///     Transition(from: .unlocked, to: .locked, by: .push),
///   ]
/// )
/// ```
///
/// A machine without outputs uses `Never` as its `Output` (see ``FiniteStateMachine``).
public struct Automaton<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  /// The state the machine starts in, or `nil` when none was declared (a validation issue).
  public let initialState: State?
  /// The transitions in declaration order.
  public let transitions: [Transition<State, Event, Output>]
  /// The declared states: all cases when `State` is `CaseIterable`, otherwise every state
  /// mentioned by a declaration, in order of first appearance.
  public let states: [State]
  /// The final states.
  public let finalStates: Set<State>
  /// The Moore outputs of the states that have one.
  public let stateOutputs: [State: Output]

  internal let initialDeclarations: [State]
  internal let initialIsDeclared: Bool
  internal let entryActions: [State: [OnEntry<State, Event>]]
  internal let exitActions: [State: [OnExit<State, Event>]]

  /// The transitions grouped by (state, kind), keeping declaration order inside a group.
  @usableFromInline
  internal let rows: [Transition<State, Event, Output>]
  /// Positions in `rows` of each transition of `transitions`.
  internal let rowOfTransition: [Int]
  /// The lookup from (state, kind) to rows, with where each row leads.
  @usableFromInline
  internal let table: TransitionTable<State, Event.Kind>
  /// Whether some state has a Moore output.
  @usableFromInline
  internal let hasStateOutputs: Bool

  // The hot path reads these per-row arrays (and the table's targets) instead of whole
  // `Transition` values, so a step touches only what it needs and retains nothing it does not
  // call; the flags let it skip the arrays when no row has a guard or an output.

  /// The guard of each row, if any.
  @usableFromInline
  internal let rowPredicates: [(@Sendable (State, Event) -> Bool)?]
  /// Where the Mealy output of each row comes from.
  @usableFromInline
  internal let rowOutputs: [OutputSource<State, Event, Output>]
  /// Whether some row has a guard.
  @usableFromInline
  internal let hasGuards: Bool
  /// Whether some row has a Mealy output.
  @usableFromInline
  internal let hasRowOutputs: Bool
  /// Whether some row or state has an output.
  @usableFromInline
  internal let hasOutputs: Bool

  /// Creates an automaton from a transition table.
  ///
  /// - Parameters:
  ///   - initialState: The state the machine starts in.
  ///   - transitions: The transitions; for one state and event kind they are tried in order.
  ///   - finalStates: The final (accepting) states.
  ///   - stateOutputs: Moore outputs of the states that have one.
  ///   - states: States to declare even if no transition mentions them, in the order diagrams
  ///     should list them.
  public init(
    initialState: State?,
    transitions: [Transition<State, Event, Output>],
    finalStates: [State] = [],
    stateOutputs: [State: Output] = [:],
    states: [State] = []
  ) {
    var components: [AutomatonComponent<State, Event, Output>] = []
    components += states.map { .declaration($0) }
    if let initialState {
      components.append(.initial(initialState))
    }
    components += transitions.map { .transition($0) }
    components += finalStates.map { .final($0) }
    components += stateOutputs.map { .stateOutput($0.key, $0.value) }
    self.init(components: components)
  }

  /// Creates an automaton from declarations written in a block.
  ///
  /// ```swift
  /// let door = Automaton<Door, DoorEvent, Never> {
  ///   Initial(.closed)
  ///   Transition(from: .closed, to: .open, by: .open)
  ///   Transition(from: .open, to: .closed, by: .close)
  ///   Final(.locked)
  /// }
  /// ```
  ///
  /// - Parameter body: The declarations: ``Transition``, ``Initial``, ``Final``,
  ///   ``StateOutput``, ``OnEntry`` and ``OnExit``.
  public init(
    @AutomatonBuilder<State, Event, Output> _ body: () -> [AutomatonComponent<
      State, Event, Output
    >]
  ) {
    self.init(components: body())
  }

  /// Creates an automaton from components, such as the result of an ``AutomatonBuilder``.
  ///
  /// - Parameter components: The declarations.
  public init(components: [AutomatonComponent<State, Event, Output>]) {
    var transitions: [Transition<State, Event, Output>] = []
    var initials: [State] = []
    var finals: Set<State> = []
    var outputs: [State: Output] = [:]
    var entries: [State: [OnEntry<State, Event>]] = [:]
    var exits: [State: [OnExit<State, Event>]] = [:]
    var mentioned = OrderedStates<State>()
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

    // Group rows by (state, kind), keeping declaration order inside each group.
    typealias Key = TransitionTable<State, Event.Kind>.Key
    var groupOrder: [Key] = []
    var members: [Key: [Int]] = [:]
    for (index, transition) in transitions.enumerated() {
      let key = Key(state: transition.from, kind: transition.kind)
      if members[key] == nil {
        groupOrder.append(key)
      }
      members[key, default: []].append(index)
    }
    var rows: [Transition<State, Event, Output>] = []
    var rowOfTransition = [Int](repeating: 0, count: transitions.count)
    var groups: [(key: Key, rows: Range<Int>)] = []
    for key in groupOrder {
      let start = rows.count
      for index in members[key] ?? [] {
        rowOfTransition[index] = rows.count
        rows.append(transitions[index])
      }
      groups.append((key, start..<rows.count))
    }

    self.initialState = initial
    self.initialDeclarations = initials
    self.initialIsDeclared = initialIsDeclared
    self.transitions = transitions
    self.states = declared.elements
    self.finalStates = finals
    self.stateOutputs = outputs
    self.entryActions = entries
    self.exitActions = exits
    self.rows = rows
    self.rowOfTransition = rowOfTransition
    self.table = TransitionTable(
      groups: groups, targets: rows.map { ($0.to, $0.isInternal) })
    self.hasStateOutputs = !outputs.isEmpty
    self.rowPredicates = rows.map(\.predicate)
    self.rowOutputs = rows.map(\.source)
    self.hasGuards = rows.contains { $0.predicate != nil }
    self.hasRowOutputs = rows.contains {
      if case .none = $0.source { false } else { true }
    }
    self.hasOutputs = hasRowOutputs || hasStateOutputs
  }
}

/// A finite-state machine without outputs.
public typealias FiniteStateMachine<State: Hashable & Sendable, Event: AutomatonEvent> =
  Automaton<State, Event, Never>
