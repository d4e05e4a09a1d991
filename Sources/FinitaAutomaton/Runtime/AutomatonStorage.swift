/// The contents of an ``Automaton``, in one object that its copies share.
///
/// The hot path reads the per-row arrays (and the table's targets) instead of whole `Transition`
/// values, so a step touches only what it needs and retains nothing it does not call; the flags
/// let it skip the arrays when no row has a guard or an output.
@usableFromInline
internal final class AutomatonStorage<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>: Sendable {
  let initialState: State?
  let initialDeclarations: [State]
  let initialIsDeclared: Bool
  let transitions: [Transition<State, Event, Output>]
  let states: [State]
  let finalStates: Set<State>
  let stateOutputs: [State: Output]
  let entryActions: [State: [OnEntry<State, Event>]]
  let exitActions: [State: [OnExit<State, Event>]]
  /// The transitions grouped by (state, kind), keeping declaration order inside a group.
  @usableFromInline let rows: [Transition<State, Event, Output>]
  /// Positions in `rows` of each transition of `transitions`.
  let rowOfTransition: [Int]
  /// The lookup from (state, kind) to rows, with where each row leads.
  @usableFromInline let table: TransitionTable<State, Event.Kind>
  /// The Moore outputs, read by the hot path.
  @usableFromInline let outputsOfStates: [State: Output]
  /// Whether some state has a Moore output.
  @usableFromInline let hasStateOutputs: Bool
  /// The guard of each row, if any.
  @usableFromInline let rowPredicates: [(@Sendable (State, Event) -> Bool)?]
  /// Where the Mealy output of each row comes from.
  @usableFromInline let rowOutputs: [OutputSource<State, Event, Output>]
  /// Whether some row has a guard.
  @usableFromInline let hasGuards: Bool
  /// Whether some row has a Mealy output.
  @usableFromInline let hasRowOutputs: Bool
  /// Whether some row or state has an output.
  @usableFromInline let hasOutputs: Bool
  /// Whether some state has an entry or exit action.
  @usableFromInline let hasActions: Bool
  /// The computed transitions, in declaration order.
  @usableFromInline let computedRows: [ComputedRow<State, Event, Output>]
  /// Whether there are computed transitions, tried when the table has no row.
  @usableFromInline let hasComputedRows: Bool

  init(
    initialState: State?,
    initialDeclarations: [State],
    initialIsDeclared: Bool,
    transitions: [Transition<State, Event, Output>],
    states: [State],
    finalStates: Set<State>,
    stateOutputs: [State: Output],
    entryActions: [State: [OnEntry<State, Event>]],
    exitActions: [State: [OnExit<State, Event>]],
    rows: [Transition<State, Event, Output>],
    rowOfTransition: [Int],
    table: TransitionTable<State, Event.Kind>,
    computedRows: [ComputedRow<State, Event, Output>]
  ) {
    self.initialState = initialState
    self.initialDeclarations = initialDeclarations
    self.initialIsDeclared = initialIsDeclared
    self.transitions = transitions
    self.states = states
    self.finalStates = finalStates
    self.stateOutputs = stateOutputs
    self.entryActions = entryActions
    self.exitActions = exitActions
    self.rows = rows
    self.rowOfTransition = rowOfTransition
    self.table = table
    outputsOfStates = stateOutputs
    hasStateOutputs = !stateOutputs.isEmpty
    rowPredicates = rows.map(\.predicate)
    rowOutputs = rows.map(\.source)
    hasGuards = rows.contains { $0.predicate != nil }
    let hasRowOutputs = rows.contains {
      if case .none = $0.source { false } else { true }
    }
    self.hasRowOutputs = hasRowOutputs
    hasOutputs = hasRowOutputs || hasStateOutputs
    hasActions = !entryActions.isEmpty || !exitActions.isEmpty
    self.computedRows = computedRows
    hasComputedRows = !computedRows.isEmpty
  }
}
