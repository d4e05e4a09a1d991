extension Statechart {
  /// The chart as a Graphviz DOT digraph.
  ///
  /// Compound and parallel states are clusters (a parallel state's regions are dashed
  /// clusters inside it); each cluster holds a small point standing for the state itself, which
  /// edges to and from the state attach to, clipped at the cluster's border. Final states are
  /// double circles, history states `H` and `H*` circles, the active states of `machine` filled.
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The DOT source.
  public func dot(highlighting machine: StatechartMachine? = nil) -> String {
    let diagram = ChartDiagram(self, highlighting: machine)
    var lines = [
      "digraph \(dotQuote(name)) {",
      "  compound=true;",
      "  node [shape=box, style=rounded];",
      "  __start [shape=point, width=0.15];",
    ]
    func declare(_ node: Int, indent: String) {
      let id = diagram.id(node)
      let kind = diagram.tables.kinds[node]
      let fill =
        diagram.active.contains(node) ? ", style=\"rounded,filled\", fillcolor=\"#ffd54f\"" : ""
      if diagram.isComposite(node) {
        lines.append("\(indent)subgraph cluster_\(id) {")
        lines.append("\(indent)  label=\(dotQuote(diagram.name(node)));")
        if kind == .parallel {
          lines.append("\(indent)  style=bold;")
        } else {
          lines.append("\(indent)  style=rounded;")
        }
        lines.append("\(indent)  \(id) [shape=point, width=0.05, label=\"\"];")
        if kind == .compound {
          let start = "\(id)__start"
          lines.append("\(indent)  \(start) [shape=point, width=0.1];")
          for target in diagram.initialTargets(of: node) {
            lines.append("\(indent)  \(start) -> \(diagram.id(target))\(attach(nil, target));")
          }
        }
        for child in diagram.nodes(under: node) {
          if kind == .parallel, diagram.isComposite(child) == false,
            !diagram.tables.kinds[child].isHistory
          {
            // An atomic region still gets its own dashed box.
            lines.append("\(indent)  subgraph cluster_\(diagram.id(child)) {")
            lines.append("\(indent)    label=\"\"; style=dashed;")
            declare(child, indent: indent + "    ")
            lines.append("\(indent)  }")
          } else {
            declare(child, indent: indent + "  ")
          }
        }
        lines.append("\(indent)}")
        return
      }
      let shape =
        switch kind {
        case .final: "doublecircle"
        case .shallowHistory, .deepHistory: "circle"
        default: "box"
        }
      lines.append(
        "\(indent)\(id) [label=\(dotQuote(diagram.name(node))), shape=\(shape)\(fill)];")
    }
    /// Edge attributes that clip an edge at the cluster of a composite end.
    func attach(_ from: Int?, _ to: Int) -> String {
      var attributes: [String] = []
      // A loop on a composite state stays on its point: clipping it at its own cluster would
      // leave nothing to draw.
      if from == to { return "" }
      if let from, diagram.isComposite(from), !diagram.tables.isDescendant(to, of: from) {
        attributes.append("ltail=cluster_\(diagram.id(from))")
      }
      if diagram.isComposite(to), from.map({ !diagram.tables.isDescendant($0, of: to) }) ?? true {
        attributes.append("lhead=cluster_\(diagram.id(to))")
      }
      return attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
    }
    for node in diagram.nodes(under: 0) {
      declare(node, indent: "  ")
    }
    for target in diagram.initialTargets(of: 0) {
      lines.append("  __start -> \(diagram.id(target))\(attach(nil, target));")
    }
    for edge in diagram.edges() {
      var attributes = attach(edge.from, edge.to)
      if !edge.label.isEmpty {
        let label = "label=\(dotQuote(edge.label))"
        attributes =
          attributes.isEmpty ? " [\(label)]" : String(attributes.dropLast()) + ", \(label)]"
      }
      lines.append("  \(diagram.id(edge.from)) -> \(diagram.id(edge.to))\(attributes);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A DOT quoted string.
private func dotQuote(_ text: String) -> String {
  var result = "\""
  for character in text {
    switch character {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    default: result.append(character)
    }
  }
  return result + "\""
}
