extension Diagram {
  /// The diagram as a Graphviz DOT digraph.
  ///
  /// Each initial state is entered from a start node (invisible for automata, a dot for
  /// statecharts). A state's second, third and fourth self-loops leave and enter it on other
  /// sides than the first, so that no two overlap. Compound and parallel states are clusters
  /// holding a small point that stands for the state itself; edges to and from it are clipped
  /// at the cluster's border, and a parallel state's atomic regions get dashed clusters of their
  /// own. Final states are double circles, history states circles, Moore outputs record fields,
  /// notes external labels.
  ///
  /// - Returns: The DOT source, ending with a newline.
  package func dot() -> String {
    var writer = DOTWriter(diagram: self)
    return writer.write()
  }
}

/// Writes one ``Diagram`` as DOT; holds the lines and the tree's containment.
private struct DOTWriter {
  let diagram: Diagram
  /// The ids of the states inside each composite state, at any depth.
  let descendants: [String: Set<String>]
  var lines: [String] = []

  init(diagram: Diagram) {
    self.diagram = diagram
    var descendants: [String: Set<String>] = [:]
    func collect(_ state: Diagram.State) -> Set<String> {
      var inside: Set<String> = []
      for child in state.children {
        inside.insert(child.id)
        inside.formUnion(collect(child))
      }
      if state.isComposite { descendants[state.id] = inside }
      return inside
    }
    for state in diagram.states {
      _ = collect(state)
    }
    self.descendants = descendants
  }

  mutating func write() -> String {
    lines.append("digraph \(DOTText.identifier(diagram.name)) {")
    if !descendants.isEmpty {
      lines.append("  compound=true;")
    }
    if diagram.direction == .leftToRight {
      lines.append("  rankdir=LR;")
    }
    if let title = diagram.title {
      lines.append("  label=\(DOTText.quoted(title));")
      lines.append("  labelloc=t;")
    }
    switch diagram.notation {
    case .automaton:
      lines.append("  node [shape=circle];")
      if !diagram.initial.isEmpty {
        statement("__start0", [("label", ""), ("shape", "none"), ("width", "0"), ("height", "0")])
      }
    case .statechart:
      lines.append("  node [shape=box, style=rounded];")
      if !diagram.initial.isEmpty {
        statement("__start0", [("shape", "point"), ("width", "0.15")])
      }
    }
    for state in diagram.states {
      declare(state, indent: "  ")
    }
    for target in diagram.initial {
      statement("__start0 -> \(target)", attachments(from: nil, to: target))
    }
    var loops: [String: Int] = [:]
    for transition in diagram.transitions {
      var attributes = attachments(from: transition.from, to: transition.to)
      if transition.from == transition.to {
        let index = loops[transition.from, default: 0]
        loops[transition.from] = index + 1
        if let side = loopSide(index) {
          attributes += [("tailport", side), ("headport", side)]
        }
      }
      if !transition.label.isEmpty {
        attributes.append(("label", DOTText.label(transition.label)))
      }
      if transition.isInternal {
        attributes.append(("style", "dashed"))
      }
      statement("\(transition.from) -> \(transition.to)", attributes)
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A node or edge statement, `head [key="value" ...];`, values already escaped.
  mutating func statement(_ head: String, _ attributes: [(String, String)], indent: String = "  ") {
    let list = attributes.isEmpty ? "" : " [\(DOTText.attributes(attributes))]"
    lines.append("\(indent)\(head)\(list);")
  }

  mutating func declare(_ state: Diagram.State, indent: String) {
    guard state.isComposite else {
      statement(state.id, attributes(of: state), indent: indent)
      return
    }
    lines.append("\(indent)subgraph cluster_\(state.id) {")
    lines.append("\(indent)  label=\(DOTText.quoted(state.name));")
    lines.append("\(indent)  style=\(state.kind == .parallel ? "bold" : "rounded");")
    statement(
      state.id, [("label", ""), ("shape", "point"), ("width", "0.05")], indent: indent + "  ")
    if state.kind == .compound, !state.initial.isEmpty {
      let start = "\(state.id)__start"
      statement(start, [("shape", "point"), ("width", "0.1")], indent: indent + "  ")
      for target in state.initial {
        statement(
          "\(start) -> \(target)", attachments(from: nil, to: target), indent: indent + "  ")
      }
    }
    for child in state.children {
      if state.kind == .parallel, !child.isComposite, !child.isHistory {
        // An atomic region still gets its own dashed box.
        lines.append("\(indent)  subgraph cluster_\(child.id) {")
        lines.append("\(indent)    label=\"\";")
        lines.append("\(indent)    style=dashed;")
        declare(child, indent: indent + "    ")
        lines.append("\(indent)  }")
      } else {
        declare(child, indent: indent + "  ")
      }
    }
    lines.append("\(indent)}")
  }

  /// The attributes of a state drawn as a node.
  func attributes(of state: Diagram.State) -> [(String, String)] {
    var attributes: [(String, String)] = []
    let isFinal = state.kind == .final
    if let output = state.output {
      attributes.append(("shape", "record"))
      attributes.append(
        ("label", "{ \(DOTText.recordField(state.name)) | \(DOTText.recordField(output)) }"))
      if isFinal {
        attributes.append(("peripheries", "2"))
      }
    } else {
      attributes.append(("label", DOTText.label(state.name)))
      if isFinal {
        attributes.append(("shape", "doublecircle"))
      } else if state.isHistory {
        attributes.append(("shape", "circle"))
      }
    }
    if state.isHighlighted {
      // The node default of statecharts is rounded; setting `style` replaces it.
      let style =
        diagram.notation == .statechart && state.output == nil ? "rounded,filled" : "filled"
      attributes.append(("style", style))
      attributes.append(("fillcolor", diagram.highlightColor))
    }
    if !state.notes.isEmpty {
      attributes.append(("xlabel", DOTText.label(state.notes.joined(separator: "\n"))))
    }
    return attributes
  }

  /// The side of its state the `index`th self-loop is drawn on. Graphviz puts the first where it
  /// likes (east from top to bottom, north from left to right) and would draw the next ones
  /// around it, each crossing the label of the one inside; the next ones go to the free sides.
  func loopSide(_ index: Int) -> String? {
    guard index > 0 else { return nil }
    let sides = diagram.direction == .leftToRight ? ["s", "w", "e"] : ["w", "n", "s"]
    return sides[(index - 1) % sides.count]
  }

  /// The attributes that clip an edge at the cluster of a composite end.
  func attachments(from: String?, to: String) -> [(String, String)] {
    // A loop on a composite state stays on its point: clipping it at its own cluster would
    // leave nothing to draw.
    if from == to { return [] }
    var attributes: [(String, String)] = []
    if let from, let inside = descendants[from], !inside.contains(to) {
      attributes.append(("ltail", "cluster_\(from)"))
    }
    if let inside = descendants[to], from.map({ !inside.contains($0) }) ?? true {
      attributes.append(("lhead", "cluster_\(to)"))
    }
    return attributes
  }
}
