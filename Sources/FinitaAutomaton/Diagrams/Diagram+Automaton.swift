import FinitaDiagrams

extension Diagram {
  /// The diagram of an automaton: states `s0`, `s1`, ... in the automaton's order (one per
  /// kind of state when transitions are computed), edges labelled `event [guard] / output`,
  /// the style's title, direction and highlight.
  init<State, Event, Output>(
    _ automaton: Automaton<State, Event, Output>,
    highlighting current: State?,
    style: DiagramStyle
  ) {
    let (states, transitions, initialID) =
      if let kindName = automaton.computedRows.first?.kindName {
        Self.parts(byKind: automaton, kindName: kindName, highlighting: current)
      } else {
        Self.parts(of: automaton, highlighting: current)
      }
    self.init(
      name: "automaton",
      notation: .automaton,
      title: style.title,
      direction: style.leftToRight ? .leftToRight : .topToBottom,
      highlightColor: style.highlightColor,
      states: states,
      initial: initialID.map { [$0] } ?? [],
      transitions: transitions
    )
  }

  private typealias Parts = (states: [Diagram.State], transitions: [Transition], initial: String?)

  /// One node per state.
  private static func parts<State, Event, Output>(
    of automaton: Automaton<State, Event, Output>,
    highlighting current: State?
  ) -> Parts {
    var ids: [State: String] = [:]
    var states: [Diagram.State] = []
    for (index, state) in automaton.states.enumerated() {
      let id = "s\(index)"
      ids[state] = id
      states.append(
        node(
          id: id,
          name: String(describing: state),
          isFinal: automaton.isFinal(state),
          isCurrent: state == current,
          output: automaton.stateOutputs[state].map { String(describing: $0) },
          entryActions: automaton.entryActionNames(of: state),
          exitActions: automaton.exitActionNames(of: state)
        )
      )
    }
    let guards = shownGuards(
      automaton.transitions.map {
        (ids[$0.from] ?? "", String(describing: $0.kind), $0.guardName)
      })
    let transitions = zip(automaton.transitions, guards).map { transition, guardName in
      edge(
        from: ids[transition.from] ?? "",
        to: ids[transition.to] ?? "",
        event: String(describing: transition.kind),
        guardName: guardName,
        output: transition.outputLabel,
        isInternal: transition.isInternal
      )
    }
    return (states, transitions, automaton.initialState.flatMap { ids[$0] })
  }

  /// One node per kind of state, for an automaton with computed transitions.
  private static func parts<State, Event, Output>(
    byKind automaton: Automaton<State, Event, Output>,
    kindName: (State) -> String,
    highlighting current: State?
  ) -> Parts {
    var names: [String] = []
    var statesOfKind: [String: [State]] = [:]
    func declare(_ name: String) {
      if statesOfKind[name] == nil {
        statesOfKind[name] = []
        names.append(name)
      }
    }
    for state in automaton.states {
      declare(kindName(state))
      statesOfKind[kindName(state), default: []].append(state)
    }
    for row in automaton.computedRows {
      declare(row.fromName)
      row.toNames.forEach(declare)
    }
    var ids: [String: String] = [:]
    var nodes: [Diagram.State] = []
    for (index, name) in names.enumerated() {
      let id = "s\(index)"
      ids[name] = id
      let states = statesOfKind[name] ?? []
      var entries: [String] = []
      var exits: [String] = []
      for state in states {
        entries += automaton.entryActionNames(of: state).filter { !entries.contains($0) }
        exits += automaton.exitActionNames(of: state).filter { !exits.contains($0) }
      }
      nodes.append(
        node(
          id: id,
          name: name,
          isFinal: states.contains(where: automaton.isFinal)
            || automaton.declaration.finalKindNames.contains(name),
          isCurrent: current.map(kindName) == name,
          output: nil,
          entryActions: entries,
          exitActions: exits
        )
      )
    }
    let guards = shownGuards(
      automaton.transitions.map {
        (kindName($0.from), String(describing: $0.kind), $0.guardName)
      })
    var transitions = zip(automaton.transitions, guards).map { transition, guardName in
      edge(
        from: ids[kindName(transition.from)] ?? "",
        to: ids[kindName(transition.to)] ?? "",
        event: String(describing: transition.kind),
        guardName: guardName,
        output: transition.outputLabel,
        isInternal: transition.isInternal
      )
    }
    for row in automaton.computedRows {
      for target in row.toNames {
        transitions.append(
          edge(
            from: ids[row.fromName] ?? "",
            to: ids[target] ?? "",
            event: String(describing: row.kind),
            guardName: row.name,
            output: row.outputLabel,
            isInternal: false
          )
        )
      }
    }
    return (nodes, transitions, automaton.initialState.flatMap { ids[kindName($0)] })
  }

  private static func node(
    id: String, name: String, isFinal: Bool, isCurrent: Bool, output: String?,
    entryActions: [String], exitActions: [String]
  ) -> Diagram.State {
    Diagram.State(
      id: id,
      name: name,
      kind: isFinal ? .final : .simple,
      output: output,
      notes: entryActions.map { "entry / \($0)" } + exitActions.map { "exit / \($0)" },
      isHighlighted: isCurrent
    )
  }

  /// The guard each row's edge shows: its own, or `else` for a row without a guard that comes
  /// after a guarded row of the same state and event, as rows are tried in order and it is
  /// taken when the guards before it fail.
  private static func shownGuards(
    _ rows: [(from: String, event: String, guardName: String?)]
  ) -> [String?] {
    var guarded: Set<[String]> = []
    return rows.map { row in
      let key = [row.from, row.event]
      if row.guardName != nil {
        guarded.insert(key)
        return row.guardName
      }
      return guarded.contains(key) ? "else" : nil
    }
  }

  /// A transition labelled `event [guard] / output`, the UML and automata-learning convention.
  private static func edge(
    from: String, to: String, event: String, guardName: String?, output: String?,
    isInternal: Bool
  ) -> Transition {
    var label = event
    if let guardName {
      label += " [\(guardName)]"
    }
    if let output {
      label += " / \(output)"
    }
    return Transition(from: from, to: to, label: label, isInternal: isInternal)
  }
}
