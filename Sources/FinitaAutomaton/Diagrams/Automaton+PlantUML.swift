extension Automaton {
  /// The machine as a PlantUML state diagram, between `@startuml` and `@enduml`.
  ///
  /// The initial state has an arrow from `[*]`, final states an arrow to `[*]`; edges are
  /// labelled `event [guard] / output`; Moore outputs and entry and exit actions are state
  /// descriptions; the highlighted state is filled.
  ///
  /// ```swift
  /// try plantUML.write(to: url, atomically: true, encoding: .utf8)
  /// ```
  ///
  /// - Parameters:
  ///   - current: A state to highlight.
  ///   - style: Title, direction and highlight color.
  /// - Returns: The PlantUML source.
  public func plantUML(highlighting current: State? = nil, style: DiagramStyle = .standard)
    -> String
  {
    let model = DiagramModel(self, highlighting: current)
    var lines = ["@startuml"]
    if let title = style.title {
      lines.append("title \(PlantUMLText.escape(title))")
    }
    if style.leftToRight {
      lines.append("left to right direction")
    }
    lines.append("hide empty description")
    for node in model.nodes {
      let color = node.isCurrent ? " \(style.highlightColor)" : ""
      lines.append("state \"\(PlantUMLText.escape(node.name))\" as \(node.id)\(color)")
      if let output = node.output {
        lines.append("\(node.id) : output = \(PlantUMLText.escape(output))")
      }
      for action in node.entryActions {
        lines.append("\(node.id) : entry / \(PlantUMLText.escape(action))")
      }
      for action in node.exitActions {
        lines.append("\(node.id) : exit / \(PlantUMLText.escape(action))")
      }
    }
    if let initialID = model.initialID {
      lines.append("[*] --> \(initialID)")
    }
    for edge in model.edges {
      let arrow = edge.isInternal ? "-[dashed]->" : "-->"
      lines.append("\(edge.from) \(arrow) \(edge.to) : \(PlantUMLText.escape(edge.label))")
    }
    for node in model.nodes where node.isFinal {
      lines.append("\(node.id) --> [*]")
    }
    lines.append("@enduml")
    return lines.joined(separator: "\n") + "\n"
  }
}
