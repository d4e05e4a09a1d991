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
  /// The declaration compiled for running, shared by the automaton's copies; it keeps the
  /// declaration too, so an automaton is one reference.
  @usableFromInline
  internal let compiled: CompiledAutomaton<State, Event, Output>

  /// What was declared, before compiling.
  internal var declaration: AutomatonDeclaration<State, Event, Output> { compiled.declaration }

  /// The state the machine starts in, or `nil` when none was declared (a validation issue).
  public var initialState: State? { declaration.initialState }
  /// The transitions in declaration order.
  public var transitions: [Transition<State, Event, Output>] { declaration.transitions }
  /// The declared states: all cases when `State` is `CaseIterable`, otherwise every state
  /// mentioned by a declaration, in order of first appearance.
  public var states: [State] { declaration.states }
  /// The final states declared by value; ``isFinal(_:)`` also answers for the ones declared by
  /// kind with `Final(kinds:)`.
  public var finalStates: Set<State> { declaration.finalStates }
  /// The Moore outputs of the states that have one.
  public var stateOutputs: [State: Output] { declaration.stateOutputs }

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
    compiled = CompiledAutomaton(AutomatonDeclaration(components: components))
  }
}

extension Automaton {
  /// An automaton whose states and kinds the caller has numbered (see
  /// ``CompiledAutomaton/init(_:kinds:from:kind:to:)``).
  internal init(
    numbered declaration: AutomatonDeclaration<State, Event, Output>, kinds: [Event.Kind],
    from: [Int32], kind: [Int32], to: [Int32]
  ) {
    compiled = CompiledAutomaton(declaration, kinds: kinds, from: from, kind: kind, to: to)
  }
}

extension Automaton {
  // The parts the rest of the module reads, forwarded to the declaration or the compiled table.

  internal var initialDeclarations: [State] { declaration.initialDeclarations }
  internal var initialIsDeclared: Bool { declaration.initialIsDeclared }
  internal var entryActions: [State: [OnEntry<State, Event>]] { declaration.entryActions }
  internal var exitActions: [State: [OnExit<State, Event>]] { declaration.exitActions }
  /// The computed transitions, in declaration order.
  internal var computedRows: [ComputedRow<State, Event, Output>] { declaration.computedRows }
  /// The transitions grouped by (state, kind), keeping declaration order inside a group.
  @inlinable internal var rows: [Transition<State, Event, Output>] { compiled.rows }
  /// Positions in `rows` of each transition of `transitions`.
  internal var rowOfTransition: [Int] { compiled.rowOfTransition }
  /// The lookup from (state, kind) to rows, with where each row leads.
  @inlinable internal var table: TransitionTable<State, Event.Kind> { compiled.table }
  /// Whether some state has a Moore output.
  @inlinable internal var hasStateOutputs: Bool { compiled.hasStateOutputs }
}

/// A finite-state machine without outputs.
public typealias FiniteStateMachine<State: Hashable & Sendable, Event: AutomatonEvent> =
  Automaton<State, Event, Never>
