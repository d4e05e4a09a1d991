import FinitaDiagrams

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
    Diagram(self, highlighting: current, style: style).dot()
  }

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
    Diagram(self, highlighting: current, style: style).mermaid()
  }

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
    Diagram(self, highlighting: current, style: style).plantUML()
  }
}
