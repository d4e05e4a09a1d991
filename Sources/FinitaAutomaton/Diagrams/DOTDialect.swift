/// Graphviz DOT: a `digraph` whose initial state is entered from an invisible `__start0` node,
/// final states drawn as double circles (or records with two peripheries), everything else as
/// quoted attributes.
internal struct DOTDialect: DiagramDialect {
  func preamble(style: DiagramStyle, hasInitial: Bool) -> [String] {
    var lines = ["digraph automaton {"]
    if style.leftToRight {
      lines.append("  rankdir=LR;")
    }
    if let title = style.title {
      lines.append("  label=\(DOTText.quoted(title));")
      lines.append("  labelloc=t;")
    }
    lines.append("  node [shape=circle];")
    if hasInitial {
      lines.append("  __start0 [label=\"\" shape=\"none\" width=\"0\" height=\"0\"];")
    }
    return lines
  }

  func node(_ node: DiagramModel.Node, style: DiagramStyle) -> [String] {
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
    return ["  \(node.id) [\(DOTText.attributes(attributes))];"]
  }

  func initialArrow(to id: String) -> String {
    "  __start0 -> \(id);"
  }

  func edge(_ edge: DiagramModel.Edge) -> String {
    var attributes = [("label", DOTText.label(edge.label))]
    if edge.isInternal {
      attributes.append(("style", "dashed"))
    }
    return "  \(edge.from) -> \(edge.to) [\(DOTText.attributes(attributes))];"
  }

  func finalArrow(from id: String) -> String? {
    nil
  }

  func closing(highlighted: DiagramModel.Node?, style: DiagramStyle) -> [String] {
    ["}"]
  }
}
