extension Statechart {
  /// The chart as a Mermaid `stateDiagram-v2`.
  ///
  /// Compound states are nested `state id { ... }` blocks with an arrow from `[*]` to their
  /// initial state; the regions of a parallel state are separated by `--`; final states have
  /// an arrow to `[*]`; history states are `H` and `H*`; the active states of `machine` get the
  /// `active` class.
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The Mermaid source.
  public func mermaid(highlighting machine: StatechartMachine? = nil) -> String {
    let diagram = ChartDiagram(self, highlighting: machine)
    var lines = ["stateDiagram-v2"]
    func declare(_ node: Int, indent: String) {
      let id = diagram.id(node)
      lines.append("\(indent)state \"\(mermaidEscape(diagram.name(node)))\" as \(id)")
      let children = diagram.nodes(under: node)
      let kind = diagram.tables.kinds[node]
      if !children.isEmpty {
        lines.append("\(indent)state \(id) {")
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
      if kind == .final {
        lines.append("\(indent)\(id) --> [*]")
      }
    }
    for node in diagram.nodes(under: 0) {
      declare(node, indent: "  ")
    }
    for target in diagram.initialTargets(of: 0) {
      lines.append("  [*] --> \(diagram.id(target))")
    }
    for edge in diagram.edges() {
      let label = edge.label.isEmpty ? "" : " : \(mermaidEscape(edge.label))"
      lines.append("  \(diagram.id(edge.from)) --> \(diagram.id(edge.to))\(label)")
    }
    if !diagram.active.isEmpty {
      lines.append("  classDef active fill:#ffd54f")
      for node in diagram.active.sorted() where !diagram.isComposite(node) {
        lines.append("  class \(diagram.id(node)) active")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Characters Mermaid would read as syntax, as its `#code;` entities.
private func mermaidEscape(_ text: String) -> String {
  var result = ""
  for character in text {
    switch character {
    case "\"": result += "#quot;"
    case ";": result += "#59;"
    case "#": result += "#35;"
    case ":": result += "#58;"
    case "\n": result += " "
    default: result.append(character)
    }
  }
  return result
}
