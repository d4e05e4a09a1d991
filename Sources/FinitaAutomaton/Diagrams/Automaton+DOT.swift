extension Automaton {
  /// The machine as a Graphviz DOT digraph.
  ///
  /// States are nodes `s0`, `s1`, ... labelled with their names; the initial state is marked by
  /// an edge from an invisible `__start0` node, as automata-learning tools write it, so
  /// ``DOTImporter`` reads the output back. Edges are labelled `event [guard] / output`; final
  /// states are double circles; states with a Moore output are records `{ name | output }`.
  ///
  /// ```swift
  /// let svgSource = player.dot(highlighting: machine.state)
  /// ```
  ///
  /// - Parameters:
  ///   - current: A state to highlight, such as the current state of a running machine.
  ///   - style: Title, direction and highlight color.
  /// - Returns: The DOT source.
  public func dot(highlighting current: State? = nil, style: DiagramStyle = .standard) -> String {
    let model = DiagramModel(self, highlighting: current)
    var lines = ["digraph automaton {"]
    if style.leftToRight {
      lines.append("  rankdir=LR;")
    }
    if let title = style.title {
      lines.append("  label=\(DOTText.quoted(title));")
      lines.append("  labelloc=t;")
    }
    lines.append("  node [shape=circle];")
    if model.initialID != nil {
      lines.append("  __start0 [label=\"\" shape=\"none\" width=\"0\" height=\"0\"];")
    }
    for node in model.nodes {
      var attributes: [(String, String)] = []
      if let output = node.output {
        attributes.append(("shape", "record"))
        attributes.append(
          ("label", "{ \(DOTText.recordField(node.name)) | \(DOTText.recordField(output)) }"))
        if node.isFinal {
          attributes.append(("peripheries", "2"))
        }
      } else {
        attributes.append(("label", DOTText.label(node.name)))
        if node.isFinal {
          attributes.append(("shape", "doublecircle"))
        }
      }
      if node.isCurrent {
        attributes.append(("style", "filled"))
        attributes.append(("fillcolor", style.highlightColor))
      }
      let actions =
        node.entryActions.map { "entry / \($0)" } + node.exitActions.map { "exit / \($0)" }
      if !actions.isEmpty {
        attributes.append(("xlabel", DOTText.label(actions.joined(separator: "\n"))))
      }
      lines.append("  \(node.id) [\(DOTText.attributes(attributes))];")
    }
    if let initialID = model.initialID {
      lines.append("  __start0 -> \(initialID);")
    }
    for edge in model.edges {
      var attributes = [("label", DOTText.label(edge.label))]
      if edge.isInternal {
        attributes.append(("style", "dashed"))
      }
      lines.append("  \(edge.from) -> \(edge.to) [\(DOTText.attributes(attributes))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
