import FinitaAutomaton
import FinitaExamples
import FinitaFixtures
import Testing

@Suite("Graphviz DOT export, checked with the real dot")
struct DOTExportTests {
  func render(_ source: String) async throws -> ExternalTool.Result {
    let dot = try ExternalTool(
      "dot", install: "apt-get install graphviz (or brew install graphviz)")
    return try await dot.run(["-Tsvg"], input: source)
  }

  func expectRenders(_ source: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let result = try await render(source)
    #expect(
      result.status == 0, "dot failed:\n\(result.errors)\n\(source)", sourceLocation: sourceLocation
    )
    #expect(
      result.errors == "", "dot warned:\n\(result.errors)\n\(source)",
      sourceLocation: sourceLocation)
    #expect(result.output.contains("<svg"), sourceLocation: sourceLocation)
  }

  @Test("every example renders without errors or warnings")
  func examplesRender() async throws {
    try await expectRenders(CDPlayer.automaton.dot(highlighting: .playing))
    try await expectRenders(CDPlayer.make(log: ActionLog()).dot(style: DiagramStyle(title: "CD")))
    try await expectRenders(Turnstile.automaton.dot(highlighting: .locked))
    try await expectRenders(SignupFlow.mealyAutomaton.dot(style: DiagramStyle(leftToRight: false)))
    try await expectRenders(BinaryGap.automaton.dot())
    try await expectRenders(ParkingMeter.automaton(fee: 300).dot())
  }

  @Test("special characters survive: dot renders the names as written")
  func escaping() async throws {
    try await expectRenders(Awkward.automaton.dot(highlighting: "a: b; c"))
    let svg = try await render(Awkward.automaton.dot()).output
    #expect(svg.contains("say &quot;hi&quot;") || svg.contains("say \"hi\""))
    #expect(svg.contains("back\\slash &amp; &lt;tag&gt; #1"))
  }

  @Test("the initial state, final states, outputs and highlight are drawn")
  func decorations() {
    let text = SignupFlow.mealyAutomaton.dot(highlighting: .emailLogin)
    #expect(text.contains("__start0 [label=\"\" shape=\"none\""))
    #expect(text.contains("__start0 -> s0;"))
    #expect(text.contains("s6 [label=\"home\" shape=\"doublecircle\"];"))
    #expect(text.contains("s4 [label=\"emailLogin\" style=\"filled\" fillcolor=\"#ffd54f\"];"))
    #expect(text.contains("[label=\"loginAndShowHome [has token] / home\"]"))
    let moore = Turnstile.automaton.dot()
    #expect(moore.contains("s0 [shape=\"record\" label=\"{ locked | red }\"];"))
    #expect(moore.contains("s0 -> s0 [label=\"push\" style=\"dashed\"];"))
  }

  @Test("a broken DOT source makes the check fail, so the check is real")
  func brokenSourceFails() async throws {
    let result = try await render("digraph { a -> ; }")
    #expect(result.status != 0)
  }
}
