extension Diagram {
  /// The diagram as a Mermaid `stateDiagram-v2`.
  ///
  /// The title is front matter. Compound states are nested `state id { ... }` blocks with an
  /// arrow from `[*]` to their initial state, the regions of a parallel state are separated by
  /// `--`, final states have an arrow to `[*]` at the end of their scope, history states are
  /// `H` and `H*`. The self-loops of a state are one arrow, their labels joined by `;`. Outputs
  /// and notes are state descriptions; highlighted states get the `current` class.
  ///
  /// - Returns: The Mermaid source, ending with a newline.
  package func mermaid() -> String {
    var lines: [String] = []
    if let title {
      lines += ["---", "title: \(MermaidText.escape(title))", "---"]
    }
    lines.append("stateDiagram-v2")
    switch direction {
    case .leftToRight: lines.append("  direction LR")
    case .topToBottom: lines.append("  direction TB")
    case nil: break
    }
    func declare(_ state: State, indent: String) {
      lines.append("\(indent)state \"\(MermaidText.escape(state.name))\" as \(state.id)")
      guard state.isComposite else {
        let descriptions = (state.output.map { [$0] } ?? []) + state.notes
        for text in descriptions {
          lines.append("\(indent)\(state.id) : \(MermaidText.escape(text))")
        }
        return
      }
      // A composite state's notes are left out: Mermaid has no place to draw them.
      let inner = indent + "  "
      lines.append("\(indent)state \(state.id) {")
      for target in state.initial {
        lines.append("\(inner)[*] --> \(target)")
      }
      for (position, child) in state.children.enumerated() {
        if state.kind == .parallel, position > 0, !child.isHistory {
          lines.append("\(inner)--")
        }
        declare(child, indent: inner)
      }
      for child in state.children where child.kind == .final {
        lines.append("\(inner)\(child.id) --> [*]")
      }
      lines.append("\(indent)}")
    }
    for state in states {
      declare(state, indent: "  ")
    }
    for target in initial {
      lines.append("  [*] --> \(target)")
    }
    for transition in mergingLoops(separator: "; ", keepsStyles: false) {
      let label = transition.label.isEmpty ? "" : " : \(MermaidText.escape(transition.label))"
      lines.append("  \(transition.from) --> \(transition.to)\(label)")
    }
    for state in states where state.kind == .final {
      lines.append("  \(state.id) --> [*]")
    }
    // Mermaid styles no composite state, so only the highlighted leaves get the class.
    let highlighted = allStates.filter { $0.isHighlighted && !$0.isComposite }
    if !highlighted.isEmpty {
      lines.append("  classDef current fill:\(highlightColor),stroke:#333,stroke-width:2px")
      for state in highlighted {
        lines.append("  class \(state.id) current")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Escaping for Mermaid text.
enum MermaidText {
  /// Characters that end or confuse a statement become Mermaid's `#name;` / `#code;`
  /// entities; newlines become spaces.
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
