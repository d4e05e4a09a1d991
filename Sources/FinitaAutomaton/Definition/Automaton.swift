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
  /// Everything the automaton holds, shared by its copies: copying an automaton, as a running
  /// machine does with each event, retains one object instead of a dozen arrays and dictionaries.
  @usableFromInline
  internal let storage: AutomatonStorage<State, Event, Output>

  /// The state the machine starts in, or `nil` when none was declared (a validation issue).
  public var initialState: State? { storage.initialState }
  /// The transitions in declaration order.
  public var transitions: [Transition<State, Event, Output>] { storage.transitions }
  /// The declared states: all cases when `State` is `CaseIterable`, otherwise every state
  /// mentioned by a declaration, in order of first appearance.
  public var states: [State] { storage.states }
  /// The final states.
  public var finalStates: Set<State> { storage.finalStates }
  /// The Moore outputs of the states that have one.
  public var stateOutputs: [State: Output] { storage.stateOutputs }

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

    self.storage = AutomatonStorage(
      initialState: initial,
      initialDeclarations: initials,
      initialIsDeclared: initialIsDeclared,
      transitions: transitions,
      states: declared.elements,
      finalStates: finals,
      stateOutputs: outputs,
      entryActions: entries,
      exitActions: exits,
      rows: rows,
      rowOfTransition: rowOfTransition,
      table: TransitionTable(groups: groups, targets: rows.map { ($0.to, $0.isInternal) }),
      computedRows: computed
    )
  }
}

extension Automaton {
  // The parts the rest of the module reads, forwarded to the storage.

  internal var initialDeclarations: [State] { storage.initialDeclarations }
  internal var initialIsDeclared: Bool { storage.initialIsDeclared }
  internal var entryActions: [State: [OnEntry<State, Event>]] { storage.entryActions }
  internal var exitActions: [State: [OnExit<State, Event>]] { storage.exitActions }
  /// The transitions grouped by (state, kind), keeping declaration order inside a group.
  @inlinable internal var rows: [Transition<State, Event, Output>] { storage.rows }
  /// Positions in `rows` of each transition of `transitions`.
  internal var rowOfTransition: [Int] { storage.rowOfTransition }
  /// The lookup from (state, kind) to rows, with where each row leads.
  @inlinable internal var table: TransitionTable<State, Event.Kind> { storage.table }
  /// Whether some state has a Moore output.
  @inlinable internal var hasStateOutputs: Bool { storage.hasStateOutputs }
}

/// A finite-state machine without outputs.
public typealias FiniteStateMachine<State: Hashable & Sendable, Event: AutomatonEvent> =
  Automaton<State, Event, Never>
