/// Mermaid `stateDiagram-v2`: the title as front matter, `[*]` arrows for the initial and final
/// states, descriptions for outputs and actions, a `current` class for the highlighted state.
internal struct MermaidDialect: DiagramDialect {
  func preamble(style: DiagramStyle, hasInitial: Bool) -> [String] {
    var lines: [String] = []
    if let title = style.title {
      lines += ["---", "title: \(Self.escape(title))", "---"]
    }
    lines.append("stateDiagram-v2")
    lines.append(style.leftToRight ? "  direction LR" : "  direction TB")
    return lines
  }

  func node(_ node: DiagramModel.Node, style: DiagramStyle) -> [String] {
    ["  state \"\(Self.escape(node.name))\" as \(node.id)"]
      + descriptions(of: node, indent: "  ", outputPrefix: "", escape: Self.escape)
  }

  func initialArrow(to id: String) -> String {
    "  [*] --> \(id)"
  }

  func edge(_ edge: DiagramModel.Edge) -> String {
    "  \(edge.from) --> \(edge.to) : \(Self.escape(edge.label))"
  }

  func finalArrow(from id: String) -> String? {
    "  \(id) --> [*]"
  }

  func closing(highlighted: DiagramModel.Node?, style: DiagramStyle) -> [String] {
    guard let highlighted else { return [] }
    return [
      "  classDef current fill:\(style.highlightColor),stroke:#333,stroke-width:2px",
      "  class \(highlighted.id) current",
    ]
  }

  /// Mermaid text: characters that end or confuse a statement become Mermaid's `#name;` /
  /// `#code;` entities, newlines become spaces.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result += "#35;"
      case "\"": result += "#quot;"
      case ";": result += "#59;"
      case ":": result += "#58;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "{": result += "#123;"
      case "}": result += "#125;"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
