import FinitaDiagrams

/// A chart lowered into a ``Diagram``: node names, labels and the walk over the tree.
internal struct ChartDiagram {
  let chart: Statechart
  let tables: ChartTables
  let active: Set<Int>

  init(_ chart: Statechart, highlighting machine: StatechartMachine?) {
    self.chart = chart
    self.tables = chart.tables
    var active: Set<Int> = []
    if let machine {
      for id in machine.activeStates { if let node = tables.index[id] { active.insert(node) } }
    }
    self.active = active
  }

  /// The chart as a diagram, titled with its name.
  var diagram: Diagram {
    Diagram(
      name: chart.name,
      notation: .statechart,
      title: chart.name,
      states: nodes(under: 0).map(diagramState),
      initial: initialTargets(of: 0).map(id),
      transitions: edges().map {
        Diagram.Transition(from: id($0.from), to: id($0.to), label: $0.label)
      }
    )
  }

  private func diagramState(_ node: Int) -> Diagram.State {
    let kind: Diagram.State.Kind =
      switch tables.kinds[node] {
      case .compound: .compound
      case .parallel: .parallel
      case .final: .final
      case .shallowHistory: .history(deep: false)
      case .deepHistory: .history(deep: true)
      default: .simple
      }
    let state = state(node)
    return Diagram.State(
      id: id(node),
      name: name(node),
      kind: kind,
      notes: state.onEntry.map { "entry / \($0)" } + state.onExit.map { "exit / \($0)" },
      isHighlighted: active.contains(node),
      children: nodes(under: node).map(diagramState),
      initial: kind == .compound ? initialTargets(of: node).map(id) : []
    )
  }

  /// The diagram id of a node: `s` and its document-order number.
  func id(_ node: Int) -> String { "s\(node)" }

  /// The states of the chart with their nodes, in document order.
  func nodes(under parent: Int) -> [Int] {
    tables.children[parent] + tables.histories[parent]
  }

  func name(_ node: Int) -> String {
    switch tables.kinds[node] {
    case .shallowHistory: "H"
    case .deepHistory: "H*"
    default: tables.ids[node]
    }
  }

  func state(_ node: Int) -> StatechartState {
    guard let state = chart.state(tables.ids[node]) else {
      preconditionFailure("Internal inconsistency: node \(node) has no state")
    }
    return state
  }

  /// Each transition's source, target and label (`events [guard] / actions`); targetless
  /// transitions point at their source.
  func edges() -> [(from: Int, to: Int, label: String)] {
    var edges: [(from: Int, to: Int, label: String)] = []
    for node in 1..<tables.count where !tables.kinds[node].isHistory {
      for transition in state(node).transitions {
        let label = Self.label(transition)
        let targets = transition.targets.compactMap { tables.index[$0] }
        for target in targets.isEmpty ? [node] : targets {
          edges.append((node, target, label))
        }
      }
    }
    return edges
  }

  static func label(_ transition: StatechartTransition) -> String {
    var label = transition.events.joined(separator: " ")
    if let condition = transition.guard {
      label += (label.isEmpty ? "" : " ") + "[\(condition)]"
    }
    if !transition.actions.isEmpty {
      label +=
        (label.isEmpty ? "" : " ") + "/ "
        + transition.actions.map(\.description).joined(separator: ", ")
    }
    return label
  }

  /// The initial targets of a compound node or the chart.
  func initialTargets(of node: Int) -> [Int] {
    let transition = tables.defaultTransition[node]
    guard transition >= 0 else { return [] }
    return tables.transitions[transition].targets
  }
}
