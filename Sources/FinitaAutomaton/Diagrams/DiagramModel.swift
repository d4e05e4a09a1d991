/// What every diagram shows, computed once from an automaton: nodes with stable ids (`s0`,
/// `s1`, ...), their display names and decorations, and labelled edges.
internal struct DiagramModel {
  struct Node {
    let id: String
    let name: String
    let isInitial: Bool
    let isFinal: Bool
    let isCurrent: Bool
    let output: String?
    let entryActions: [String]
    let exitActions: [String]
  }

  struct Edge {
    let from: String
    let to: String
    let event: String
    let guardName: String?
    let output: String?
    let isInternal: Bool

    /// `event [guard] / output`, the UML and automata-learning convention.
    var label: String {
      var text = event
      if let guardName {
        text += " [\(guardName)]"
      }
      if let output {
        text += " / \(output)"
      }
      return text
    }
  }

  let nodes: [Node]
  let edges: [Edge]
  let initialID: String?

  init<State, Event, Output>(
    _ automaton: Automaton<State, Event, Output>,
    highlighting current: State?
  ) {
    if let kindName = automaton.computedRows.first?.kindName {
      self.init(byKind: automaton, kindName: kindName, highlighting: current)
      return
    }
    var ids: [State: String] = [:]
    var nodes: [Node] = []
    for (index, state) in automaton.states.enumerated() {
      let id = "s\(index)"
      ids[state] = id
      nodes.append(
        Node(
          id: id,
          name: String(describing: state),
          isInitial: state == automaton.initialState,
          isFinal: automaton.isFinal(state),
          isCurrent: state == current,
          output: automaton.stateOutputs[state].map { String(describing: $0) },
          entryActions: automaton.entryActionNames(of: state),
          exitActions: automaton.exitActionNames(of: state)
        )
      )
    }
    let edges = automaton.transitions.map { transition in
      Edge(
        from: ids[transition.from] ?? "",
        to: ids[transition.to] ?? "",
        event: String(describing: transition.kind),
        guardName: transition.guardName,
        output: transition.outputLabel,
        isInternal: transition.isInternal
      )
    }
    self.init(
      nodes: nodes, edges: edges, initialID: automaton.initialState.flatMap { ids[$0] })
  }

  private init(nodes: [Node], edges: [Edge], initialID: String?) {
    self.nodes = nodes
    self.edges = edges
    self.initialID = initialID
  }

  /// The diagram of an automaton with computed transitions: one node per kind of state.
  private init<State, Event, Output>(
    byKind automaton: Automaton<State, Event, Output>,
    kindName: (State) -> String,
    highlighting current: State?
  ) {
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
    var nodes: [Node] = []
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
        Node(
          id: id,
          name: name,
          isInitial: automaton.initialState.map(kindName) == name,
          isFinal: states.contains(where: automaton.isFinal)
            || automaton.declaration.finalKindNames.contains(name),
          isCurrent: current.map(kindName) == name,
          output: nil,
          entryActions: entries,
          exitActions: exits
        )
      )
    }
    var edges = automaton.transitions.map { transition in
      Edge(
        from: ids[kindName(transition.from)] ?? "",
        to: ids[kindName(transition.to)] ?? "",
        event: String(describing: transition.kind),
        guardName: transition.guardName,
        output: transition.outputLabel,
        isInternal: transition.isInternal
      )
    }
    for row in automaton.computedRows {
      for target in row.toNames {
        edges.append(
          Edge(
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
    self.init(
      nodes: nodes, edges: edges, initialID: automaton.initialState.flatMap { ids[kindName($0)] })
  }
}
