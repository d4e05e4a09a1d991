extension Diagram {
  /// The diagram as a PlantUML state diagram, between `@startuml` and `@enduml`.
  ///
  /// Compound states are composite states with an arrow from `[*]` to their initial state, the
  /// regions of a parallel state are separated by `--`, final states have an arrow to `[*]` at
  /// the end of their scope, history states are `H` and `H*`. Outputs (`output = ...`) and
  /// notes are state descriptions; highlighted states are filled, internal transitions dashed.
  ///
  /// - Returns: The PlantUML source, ending with a newline.
  package func plantUML() -> String {
    var lines = ["@startuml"]
    if let title {
      lines.append("title \(PlantUMLText.escape(title))")
    }
    if direction == .leftToRight {
      lines.append("left to right direction")
    }
    lines.append("hide empty description")
    func declare(_ state: State, indent: String) {
      let color = state.isHighlighted ? " \(highlightColor)" : ""
      let header = "\(indent)state \"\(PlantUMLText.escape(state.name))\" as \(state.id)\(color)"
      if state.isComposite {
        let inner = indent + "  "
        lines.append(header + " {")
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
      } else {
        lines.append(header)
      }
      let descriptions = (state.output.map { ["output = \($0)"] } ?? []) + state.notes
      for text in descriptions {
        lines.append("\(indent)\(state.id) : \(PlantUMLText.escape(text))")
      }
    }
    for state in states {
      declare(state, indent: "")
    }
    for target in initial {
      lines.append("[*] --> \(target)")
    }
    for transition in mergingLoops(separator: "\n", keepsStyles: true) {
      let arrow = transition.isInternal ? "-[dashed]->" : "-->"
      let label = transition.label.isEmpty ? "" : " : \(PlantUMLText.escape(transition.label))"
      lines.append("\(transition.from) \(arrow) \(transition.to)\(label)")
    }
    for state in states where state.kind == .final {
      lines.append("\(state.id) --> [*]")
    }
    lines.append("@enduml")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Escaping for PlantUML text.
enum PlantUMLText {
  /// Quotes and markup characters become numeric character references (which PlantUML's
  /// Creole renders), newlines become `\n`.
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
