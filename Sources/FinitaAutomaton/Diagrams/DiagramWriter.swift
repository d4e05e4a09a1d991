/// Writes a ``DiagramModel`` as text, in the order every format shares: the preamble, each
/// state with its decorations, the arrow to the initial state, the transitions, the arrows from
/// the final states, the closing lines. The dialect says how each part is spelled.
internal struct DiagramWriter<Dialect: DiagramDialect> {
  let dialect: Dialect
  let style: DiagramStyle

  /// The diagram's source, one statement a line, ending with a newline.
  func write(_ model: DiagramModel) -> String {
    var lines = dialect.preamble(style: style, hasInitial: model.initialID != nil)
    for node in model.nodes {
      lines += dialect.node(node, style: style)
    }
    if let initialID = model.initialID {
      lines.append(dialect.initialArrow(to: initialID))
    }
    for edge in model.edges {
      lines.append(dialect.edge(edge))
    }
    for node in model.nodes where node.isFinal {
      if let line = dialect.finalArrow(from: node.id) {
        lines.append(line)
      }
    }
    lines += dialect.closing(highlighted: model.nodes.first(where: \.isCurrent), style: style)
    return lines.joined(separator: "\n") + "\n"
  }
}

/// How one diagram format spells the parts of a ``DiagramModel``; ``DiagramWriter`` puts them
/// in order.
internal protocol DiagramDialect {
  /// The lines before the states: the diagram's kind, title, direction and defaults.
  func preamble(style: DiagramStyle, hasInitial: Bool) -> [String]
  /// The lines declaring `node` and its decorations (output, actions, highlight, final).
  func node(_ node: DiagramModel.Node, style: DiagramStyle) -> [String]
  /// The line marking the node `id` as initial.
  func initialArrow(to id: String) -> String
  /// The line of a transition.
  func edge(_ edge: DiagramModel.Edge) -> String
  /// The line marking the node `id` as final, or `nil` when the node's declaration does.
  func finalArrow(from id: String) -> String?
  /// The lines after the transitions; `highlighted` is the current state's node, if any.
  func closing(highlighted: DiagramModel.Node?, style: DiagramStyle) -> [String]
}

extension DiagramDialect {
  /// The `id : text` descriptions of a state diagram (Mermaid, PlantUML): the output, written
  /// after `outputPrefix`, then `entry / action` and `exit / action`, each escaped.
  func descriptions(
    of node: DiagramModel.Node,
    indent: String,
    outputPrefix: String,
    escape: (String) -> String
  ) -> [String] {
    var lines: [String] = []
    if let output = node.output {
      lines.append("\(indent)\(node.id) : \(outputPrefix)\(escape(output))")
    }
    for action in node.entryActions {
      lines.append("\(indent)\(node.id) : entry / \(escape(action))")
    }
    for action in node.exitActions {
      lines.append("\(indent)\(node.id) : exit / \(escape(action))")
    }
    return lines
  }
}
