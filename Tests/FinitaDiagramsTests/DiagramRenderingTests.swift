import FinitaDiagrams
import Testing

@Suite("One diagram, three formats")
struct DiagramRenderingTests {
  /// A parallel state with an atomic region and a compound one, a final state and a history.
  static let diagram = Diagram(
    name: "door",
    notation: .statechart,
    title: "door",
    states: [
      .init(id: "s1", name: "closed", notes: ["entry / lock"], isHighlighted: true),
      .init(
        id: "s2", name: "open", kind: .parallel,
        children: [
          .init(id: "s3", name: "light"),
          .init(
            id: "s4", name: "alarm", kind: .compound,
            children: [
              .init(id: "s5", name: "quiet"), .init(id: "s6", name: "done", kind: .final),
              .init(id: "s7", name: "H", kind: .history(deep: false)),
            ],
            initial: ["s5"]),
        ]),
      .init(id: "s8", name: "gone", kind: .final),
    ],
    initial: ["s1"],
    transitions: [
      .init(from: "s1", to: "s2", label: "open"),
      .init(from: "s2", to: "s8", label: "leave"),
      .init(from: "s5", to: "s6", label: ""),
    ]
  )

  @Test("DOT clips edges at clusters and quotes only names that need it")
  func dot() {
    let text = Self.diagram.dot()
    #expect(text.hasPrefix("digraph door {\n  compound=true;\n"))
    #expect(text.contains("  s1 -> s2 [lhead=\"cluster_s2\" label=\"open\"];\n"))
    #expect(text.contains("  s2 -> s8 [ltail=\"cluster_s2\" label=\"leave\"];\n"))
    #expect(text.contains("  s5 -> s6;\n"))
    #expect(text.contains("style=dashed;"))
    #expect(text.contains("s1 [label=\"closed\" style=\"rounded,filled\""))
    var named = Self.diagram
    named.name = "front door"
    #expect(named.dot().hasPrefix("digraph \"front door\" {\n"))
    named.name = "graph"
    #expect(named.dot().hasPrefix("digraph \"graph\" {\n"))
  }

  @Test("Mermaid and PlantUML put final arrows at the end of their scope")
  func finalArrows() {
    let mermaid = Self.diagram.mermaid()
    #expect(mermaid.contains("      s6 --> [*]\n    }\n"))
    #expect(
      mermaid.hasSuffix(
        "  s8 --> [*]\n  classDef current fill:#ffd54f,stroke:#333,stroke-width:2px\n  class s1 current\n"
      ))
    let plantUML = Self.diagram.plantUML()
    #expect(plantUML.contains("    s6 --> [*]\n  }\n"))
    #expect(plantUML.hasSuffix("s8 --> [*]\n@enduml\n"))
    #expect(plantUML.contains("s1 : entry / lock\n"))
  }
}
