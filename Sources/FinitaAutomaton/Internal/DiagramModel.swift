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
    self.nodes = nodes
    self.edges = automaton.transitions.map { transition in
      Edge(
        from: ids[transition.from] ?? "",
        to: ids[transition.to] ?? "",
        event: String(describing: transition.kind),
        guardName: transition.guardName,
        output: transition.outputLabel,
        isInternal: transition.isInternal
      )
    }
    self.initialID = automaton.initialState.flatMap { ids[$0] }
  }
}
