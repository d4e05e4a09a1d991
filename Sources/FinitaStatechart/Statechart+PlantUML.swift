extension Statechart {
  /// The chart as a PlantUML state diagram, between `@startuml` and `@enduml`.
  ///
  /// Compound states are composite states with an arrow from `[*]` to their initial state;
  /// the regions of a parallel state are separated by `--`; final states have an arrow to
  /// `[*]`; history states are `H` and `H*`; edges are labelled `events [guard] / actions`; the
  /// active states of `machine` are filled.
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The PlantUML source.
  public func plantUML(highlighting machine: StatechartMachine? = nil) -> String {
    let diagram = ChartDiagram(self, highlighting: machine)
    var lines = ["@startuml", "hide empty description", "title \(plantUMLEscape(name))"]
    func declare(_ node: Int, indent: String) {
      let kind = diagram.tables.kinds[node]
      let color = diagram.active.contains(node) ? " #ffd54f" : ""
      let header =
        "\(indent)state \"\(plantUMLEscape(diagram.name(node)))\" as \(diagram.id(node))\(color)"
      let state = diagram.state(node)
      let children = diagram.nodes(under: node)
      if children.isEmpty {
        lines.append(header)
      } else {
        lines.append(header + " {")
        if kind == .compound {
          for target in diagram.initialTargets(of: node) {
            lines.append("\(indent)  [*] --> \(diagram.id(target))")
          }
        }
        for (position, child) in children.enumerated() {
          if kind == .parallel, position > 0, !diagram.tables.kinds[child].isHistory {
            lines.append("\(indent)  --")
          }
          declare(child, indent: indent + "  ")
        }
        lines.append("\(indent)}")
      }
      for action in state.onEntry {
        lines.append("\(indent)\(diagram.id(node)) : entry / \(plantUMLEscape("\(action)"))")
      }
      for action in state.onExit {
        lines.append("\(indent)\(diagram.id(node)) : exit / \(plantUMLEscape("\(action)"))")
      }
      if kind == .final {
        lines.append("\(indent)\(diagram.id(node)) --> [*]")
      }
    }
    for node in diagram.nodes(under: 0) {
      declare(node, indent: "")
    }
    for target in diagram.initialTargets(of: 0) {
      lines.append("[*] --> \(diagram.id(target))")
    }
    for edge in diagram.edges() {
      let label = edge.label.isEmpty ? "" : " : \(plantUMLEscape(edge.label))"
      lines.append("\(diagram.id(edge.from)) --> \(diagram.id(edge.to))\(label)")
    }
    lines.append("@enduml")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Quotes and markup characters as numeric character references, which PlantUML renders.
private func plantUMLEscape(_ text: String) -> String {
  var result = ""
  for character in text {
    switch character {
    case "\"": result += "&#34;"
    case "\\": result += "&#92;"
    case "<": result += "&#60;"
    case ">": result += "&#62;"
    case "&": result += "&#38;"
    case "\n": result += "\\n"
    default: result.append(character)
    }
  }
  return result
}
