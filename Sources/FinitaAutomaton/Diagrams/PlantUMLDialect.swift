/// PlantUML state diagrams, between `@startuml` and `@enduml`: `[*]` arrows for the initial and
/// final states, descriptions for outputs and actions, the highlighted state filled and internal
/// transitions dashed.
internal struct PlantUMLDialect: DiagramDialect {
  func preamble(style: DiagramStyle, hasInitial: Bool) -> [String] {
    var lines = ["@startuml"]
    if let title = style.title {
      lines.append("title \(Self.escape(title))")
    }
    if style.leftToRight {
      lines.append("left to right direction")
    }
    lines.append("hide empty description")
    return lines
  }

  func node(_ node: DiagramModel.Node, style: DiagramStyle) -> [String] {
    let color = node.isCurrent ? " \(style.highlightColor)" : ""
    return ["state \"\(Self.escape(node.name))\" as \(node.id)\(color)"]
      + descriptions(of: node, indent: "", outputPrefix: "output = ", escape: Self.escape)
  }

  func initialArrow(to id: String) -> String {
    "[*] --> \(id)"
  }

  func edge(_ edge: DiagramModel.Edge) -> String {
    let arrow = edge.isInternal ? "-[dashed]->" : "-->"
    return "\(edge.from) \(arrow) \(edge.to) : \(Self.escape(edge.label))"
  }

  func finalArrow(from id: String) -> String? {
    "\(id) --> [*]"
  }

  func closing(highlighted: DiagramModel.Node?, style: DiagramStyle) -> [String] {
    ["@enduml"]
  }

  /// PlantUML text: quotes and markup characters become numeric character references (which
  /// PlantUML's Creole renders), newlines become `\n`.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "&#34;"
      case "\\": result += "&#92;"
      case "<": result += "&#60;"
      case ">": result += "&#62;"
      case "&": result += "&#38;"
      case "\n": result += "\\n"
      case "\r": break
      default: result.append(character)
      }
    }
    return result
  }
}
