import FinitaDiagrams
import FinitaExternalTool
import Foundation
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

  /// A state with two self-loops, reached from one state and leaving to another.
  static func loops(_ direction: Diagram.Direction?) -> Diagram {
    Diagram(
      name: "loops", notation: .automaton, direction: direction,
      states: [.init(id: "s0", name: "x"), .init(id: "s1", name: "a"), .init(id: "s2", name: "b")],
      initial: ["s0"],
      transitions: [
        .init(from: "s0", to: "s1", label: "in"), .init(from: "s1", to: "s1", label: "coin"),
        .init(from: "s1", to: "s1", label: "push / red"), .init(from: "s1", to: "s2", label: "go"),
      ])
  }

  @Test("two self-loops on one state leave it on different sides in DOT")
  func dotLoops() {
    let text = Self.loops(nil).dot()
    #expect(text.contains("  s1 -> s1 [label=\"coin\"];\n"))
    #expect(text.contains("  s1 -> s1 [tailport=\"w\" headport=\"w\" label=\"push / red\"];\n"))
    let sideways = Self.loops(.leftToRight).dot()
    #expect(sideways.contains("  s1 -> s1 [tailport=\"s\" headport=\"s\" label=\"push / red\"];\n"))
  }

  /// The box around the loop of a line `edge s1 s1 n x1 y1 ... xn yn label xl yl style color`
  /// of `dot -Tplain`: its control points and its label's centre.
  static func box(_ line: Substring) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let words: [Double] = line.split(separator: " ").map { Double($0) ?? 0 }
    let count = Int(words[3])
    var xs: [Double] = []
    var ys: [Double] = []
    for index in 0..<count {
      xs.append(words[4 + 2 * index])
      ys.append(words[5 + 2 * index])
    }
    let label = 4 + 2 * count + 1
    xs.append(words[label])
    ys.append(words[label + 1])
    return ((xs.min() ?? 0)...(xs.max() ?? 0), (ys.min() ?? 0)...(ys.max() ?? 0))
  }

  @Test("Graphviz draws two self-loops on one state apart, labels included")
  func dotLoopsApart() throws {
    guard let graphviz = Graphviz.locate() else { return }
    for direction in [nil, Diagram.Direction.leftToRight] {
      let plain = String(
        decoding: try graphviz.render(Self.loops(direction).dot(), format: "plain"), as: UTF8.self)
      let boxes = plain.split(separator: "\n").filter { $0.hasPrefix("edge s1 s1 ") }.map(Self.box)
      try #require(boxes.count == 2, "\(plain)")
      let overlap = boxes[0].x.overlaps(boxes[1].x) && boxes[0].y.overlaps(boxes[1].y)
      #expect(!overlap, "\(String(describing: direction)): \(boxes)\n\(plain)")
    }
  }

  @Test("Mermaid and PlantUML draw the self-loops of a state as one, with every label")
  func mergedLoops() {
    let mermaid = Self.loops(nil).mermaid()
    #expect(mermaid.contains("  s1 --> s1 : coin#59; push / red\n"))
    #expect(mermaid.components(separatedBy: "s1 --> s1").count == 2)
    let plantUML = Self.loops(nil).plantUML()
    #expect(plantUML.contains("s1 --> s1 : coin\\npush / red\n"))
    #expect(plantUML.components(separatedBy: "s1 --> s1").count == 2)
  }
}
