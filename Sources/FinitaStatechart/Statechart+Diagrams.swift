import FinitaDiagrams

extension Statechart {
  /// The chart as a Graphviz DOT digraph, titled with the chart's name.
  ///
  /// Compound and parallel states are clusters (a parallel state's regions are dashed
  /// clusters inside it); each cluster holds a small point standing for the state itself, which
  /// edges to and from the state attach to, clipped at the cluster's border. Final states are
  /// double circles, history states `H` and `H*` circles, entry and exit actions external
  /// labels, the active states of `machine` filled.
  ///
  /// ```swift
  /// try chart.dot(highlighting: machine).write(to: url, atomically: true, encoding: .utf8)
  /// ```
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The DOT source.
  public func dot(highlighting machine: StatechartMachine? = nil) -> String {
    ChartDiagram(self, highlighting: machine).diagram.dot()
  }

  /// The chart as a Mermaid `stateDiagram-v2`, titled with the chart's name.
  ///
  /// Compound states are nested `state id { ... }` blocks with an arrow from `[*]` to their
  /// initial state; the regions of a parallel state are separated by `--`; final states have
  /// an arrow to `[*]`; history states are `H` and `H*`; entry and exit actions of atomic
  /// states are descriptions; the active states of `machine` get the `current` class.
  ///
  /// ```swift
  /// print(chart.mermaid())
  /// ```
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The Mermaid source.
  public func mermaid(highlighting machine: StatechartMachine? = nil) -> String {
    ChartDiagram(self, highlighting: machine).diagram.mermaid()
  }

  /// The chart as a PlantUML state diagram, between `@startuml` and `@enduml`, titled with the
  /// chart's name.
  ///
  /// Compound states are composite states with an arrow from `[*]` to their initial state;
  /// the regions of a parallel state are separated by `--`; final states have an arrow to
  /// `[*]`; history states are `H` and `H*`; edges are labelled `events [guard] / actions`;
  /// entry and exit actions are descriptions; the active states of `machine` are filled.
  ///
  /// ```swift
  /// print(chart.plantUML(highlighting: machine))
  /// ```
  ///
  /// - Parameter machine: A running machine whose active states to highlight.
  /// - Returns: The PlantUML source.
  public func plantUML(highlighting machine: StatechartMachine? = nil) -> String {
    ChartDiagram(self, highlighting: machine).diagram.plantUML()
  }
}
