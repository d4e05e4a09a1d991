/// An ``AutomatonDeclaration`` compiled for running: the transitions grouped by (state, kind),
/// the lookup table from a state and a kind to those rows, the guard and the output of each row
/// and flags that let a step skip what the automaton does not use.
///
/// One object that every copy of an ``Automaton`` shares: copying an automaton, as a running
/// machine does with each event, retains this object instead of a dozen arrays and dictionaries.
/// It also keeps the declaration it was compiled from, so the automaton holds one reference.
///
/// The hot path reads the per-row arrays (and the table's targets) instead of whole `Transition`
/// values, so a step touches only what it needs and retains nothing it does not call; the flags
/// let it skip the arrays when no row has a guard or an output.
@usableFromInline
internal final class CompiledAutomaton<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>: Sendable {
  /// What was declared, which this was compiled from.
  let declaration: AutomatonDeclaration<State, Event, Output>
  /// The transitions grouped by (state, kind), keeping declaration order inside a group.
  @usableFromInline let rows: [Transition<State, Event, Output>]
  /// Positions in `rows` of each transition of the declaration's `transitions`.
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
  /// Whether there are computed transitions, tried when the table has no row.
  @usableFromInline let hasComputedRows: Bool

  /// Compiles `declaration` whose states and transitions' kinds the caller has numbered: the
  /// states are `declaration.states`, and transition `i` goes from state `from[i]` to state
  /// `to[i]` on kind `kinds[kind[i]]`. Builds what ``init(_:)`` builds, grouping the rows by
  /// number instead of by hashed value; an importer of a text file with thousands of rows knows
  /// the numbers already.
  convenience init(
    _ declaration: AutomatonDeclaration<State, Event, Output>, kinds: [Event.Kind],
    from: [Int32], kind: [Int32], to: [Int32]
  ) {
    let transitions = declaration.transitions
    let kindCount = max(kinds.count, 1)
    // Groups numbered in order of first appearance, keyed by `from * kindCount + kind`; the
    // key space is the states times the kinds, in one array when that is not much more than
    // the rows, else in a dictionary of integers.
    let keySpace = declaration.states.count * kindCount
    var denseGroups =
      keySpace <= 4 * transitions.count + 1_024
      ? [Int](repeating: -1, count: keySpace) : []
    var sparseGroups: [Int: Int] = [:]
    var groupKeys: [Int] = []
    var grouping = Grouping(count: transitions.count)
    for index in transitions.indices {
      let key = Int(from[index]) * kindCount + Int(kind[index])
      var group = denseGroups.isEmpty ? sparseGroups[key, default: -1] : denseGroups[key]
      if group < 0 {
        group = groupKeys.count
        if denseGroups.isEmpty { sparseGroups[key] = group } else { denseGroups[key] = group }
        groupKeys.append(key)
      }
      grouping.add(index, to: group)
    }
    let placed = grouping.place()
    // Distinct (state, kind) pairs, as in a learned model, leave the rows in declaration
    // order: share the declaration's array instead of copying every transition.
    let rows =
      groupKeys.count == transitions.count
      ? transitions : placed.transitionOfRow.map { transitions[$0] }
    let table = TransitionTable(
      states: declaration.states, kinds: kinds,
      groups: groupKeys.indices.map { group in
        (
          state: groupKeys[group] / kindCount, kind: groupKeys[group] % kindCount,
          rows: placed.starts[group]..<placed.starts[group + 1]
        )
      },
      targets: placed.transitionOfRow.map {
        (state: Int(to[$0]), isInternal: transitions[$0].isInternal)
      })
    self.init(
      declaration, rows: rows, rowOfTransition: placed.rowOfTransition, table: table)
  }

  /// Compiles `declaration`.
  convenience init(_ declaration: AutomatonDeclaration<State, Event, Output>) {
    let transitions = declaration.transitions
    // Group rows by (state, kind), keeping declaration order inside each group.
    typealias Key = TransitionTable<State, Event.Kind>.Key
    var groupOrder: [Key] = []
    var groupOfKey: [Key: Int] = [:]
    var grouping = Grouping(count: transitions.count)
    for (index, transition) in transitions.enumerated() {
      let key = Key(state: transition.from, kind: transition.kind)
      let group: Int
      if let known = groupOfKey[key] {
        group = known
      } else {
        group = groupOrder.count
        groupOfKey[key] = group
        groupOrder.append(key)
      }
      grouping.add(index, to: group)
    }
    let placed = grouping.place()
    let rows = placed.transitionOfRow.map { transitions[$0] }
    let table = TransitionTable(
      groups: groupOrder.indices.map { group in
        (key: groupOrder[group], rows: placed.starts[group]..<placed.starts[group + 1])
      },
      targets: rows.map { ($0.to, $0.isInternal) })
    self.init(
      declaration, rows: rows, rowOfTransition: placed.rowOfTransition, table: table)
  }

  /// The compiled automaton of `declaration` whose transitions are grouped into `rows`, the
  /// parts both ways of grouping share.
  private init(
    _ declaration: AutomatonDeclaration<State, Event, Output>,
    rows: [Transition<State, Event, Output>], rowOfTransition: [Int],
    table: TransitionTable<State, Event.Kind>
  ) {
    self.declaration = declaration
    self.rows = rows
    self.rowOfTransition = rowOfTransition
    self.table = table
    outputsOfStates = declaration.stateOutputs
    hasStateOutputs = !declaration.stateOutputs.isEmpty
    rowPredicates = rows.map(\.predicate)
    rowOutputs = rows.map(\.source)
    hasGuards = rows.contains { $0.predicate != nil }
    let hasRowOutputs = rows.contains {
      if case .none = $0.source { false } else { true }
    }
    self.hasRowOutputs = hasRowOutputs
    hasOutputs = hasRowOutputs || hasStateOutputs
    hasActions = !declaration.entryActions.isEmpty || !declaration.exitActions.isEmpty
    hasComputedRows = !declaration.computedRows.isEmpty
  }
}

/// Places transitions in rows grouped by a number, keeping declaration order inside each group:
/// count the rows of each group, then place each transition after the rows of the groups before
/// its own (no array per group).
private struct Grouping {
  private var groupOfTransition: [Int]
  private var sizes: [Int] = []

  init(count: Int) {
    groupOfTransition = [Int](repeating: 0, count: count)
  }

  /// Puts transition `index` in `group`, a number at most one more than the largest so far.
  mutating func add(_ index: Int, to group: Int) {
    if group == sizes.count { sizes.append(0) }
    sizes[group] += 1
    groupOfTransition[index] = group
  }

  /// Where each group's rows start (and where the last ends), the row of each transition and
  /// the transition of each row.
  func place() -> (starts: [Int], rowOfTransition: [Int], transitionOfRow: [Int]) {
    var starts = [Int](repeating: 0, count: sizes.count + 1)
    for group in sizes.indices {
      starts[group + 1] = starts[group] + sizes[group]
    }
    var nextRow = starts
    var rowOfTransition = [Int](repeating: 0, count: groupOfTransition.count)
    var transitionOfRow = [Int](repeating: 0, count: groupOfTransition.count)
    for (index, group) in groupOfTransition.enumerated() {
      let row = nextRow[group]
      nextRow[group] = row + 1
      rowOfTransition[index] = row
      transitionOfRow[row] = index
    }
    return (starts, rowOfTransition, transitionOfRow)
  }
}
