extension Automaton {
  /// The machine as a Mermaid `stateDiagram-v2`.
  ///
  /// The initial state has an arrow from `[*]`, final states an arrow to `[*]`; edges are
  /// labelled `event [guard] / output`; Moore outputs and entry and exit actions are state
  /// descriptions; the highlighted state gets the `current` class.
  ///
  /// ```swift
  /// print(turnstile.mermaid(highlighting: .locked))
  /// ```
  ///
  /// - Parameters:
  ///   - current: A state to highlight.
  ///   - style: Title, direction and highlight color.
  /// - Returns: The Mermaid source.
  public func mermaid(highlighting current: State? = nil, style: DiagramStyle = .standard)
    -> String
  {
    let model = DiagramModel(self, highlighting: current)
    var lines: [String] = []
    if let title = style.title {
      lines += ["---", "title: \(MermaidText.escape(title))", "---"]
    }
    lines.append("stateDiagram-v2")
    lines.append(style.leftToRight ? "  direction LR" : "  direction TB")
    for node in model.nodes {
      lines.append("  state \"\(MermaidText.escape(node.name))\" as \(node.id)")
      if let output = node.output {
        lines.append("  \(node.id) : \(MermaidText.escape(output))")
      }
      for action in node.entryActions {
        lines.append("  \(node.id) : entry / \(MermaidText.escape(action))")
      }
      for action in node.exitActions {
        lines.append("  \(node.id) : exit / \(MermaidText.escape(action))")
      }
    }
    if let initialID = model.initialID {
      lines.append("  [*] --> \(initialID)")
    }
    for edge in model.edges {
      lines.append("  \(edge.from) --> \(edge.to) : \(MermaidText.escape(edge.label))")
    }
    for node in model.nodes where node.isFinal {
      lines.append("  \(node.id) --> [*]")
    }
    if let highlighted = model.nodes.first(where: \.isCurrent) {
      lines.append("  classDef current fill:\(style.highlightColor),stroke:#333,stroke-width:2px")
      lines.append("  class \(highlighted.id) current")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
