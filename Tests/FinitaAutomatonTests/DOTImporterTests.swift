import FinitaAutomaton
import Testing

@Suite("Importing learned machines from DOT")
struct DOTImporterTests {
  let learnLibMealy = """
    digraph g {
      __start0 [label="" shape="none"];

      s0 [shape="circle" label="0"];
      s1 [shape="circle" label="1"];
      s0 -> s1 [label="coin / unlock"];
      s0 -> s0 [label="push / alarm"];
      s1 -> s0 [label="push / lock"];
      s1 -> s1 [label="coin / refund"];

      __start0 -> s0;
    }
    """

  @Test("a LearnLib Mealy machine: states by label, initial from __start0, input/output edges")
  func mealy() throws {
    let machine = try DOTImporter.mealyMachine(from: learnLibMealy)
    #expect(machine.initialState == "0")
    #expect(machine.states == ["0", "1"])
    #expect(machine.match(from: "0", by: "coin")?.to == "1")
    #expect(machine.match(from: "0", by: "coin")?.output == "unlock")
    #expect(machine.match(from: "1", by: "coin")?.output == "refund")
    var running = try AutomatonMachine(machine)
    #expect(
      try running.run(["push", "coin", "push"]).map(\.output) == ["alarm", "unlock", "lock"])
  }

  @Test("an AALpy Mealy machine without labels on nodes uses the node ids")
  func aalpyMealy() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        digraph learnedModel {
        s0 [label=s0];
        s1;
        s0 -> s1  [label="a/1"];
        s1 -> s0  [label="a/0"];
        __start0 [label="", shape=none];
        __start0 -> s0  [label=""];
        }
        """)
    #expect(machine.initialState == "s0")
    #expect(machine.match(from: "s1", by: "a")?.output == "0")
  }

  @Test("a Moore machine: outputs from record labels, edges labelled by input")
  func moore() throws {
    let machine = try DOTImporter.mooreMachine(
      from: """
        digraph moore {
          // a turnstile
          __start0 [label="" shape="none"];
          q0 [shape="record" label="{ locked | red }"];
          q1 [shape="record" label="{ unlocked | green }"];
          __start0 -> q0;
          q0 -> q1 [label="coin"];
          q1 -> q0 [label="push"];
          /* self-loops */
          q0 -> q0 [label="push"]; q1 -> q1 [label="coin"];
        }
        """)
    #expect(machine.initialState == "locked")
    #expect(machine.output(in: "locked") == "red")
    var running = try AutomatonMachine(machine)
    #expect(
      try running.step("coin") == .transitioned(from: "locked", to: "unlocked", output: "green"))
  }

  @Test("escaped quotes and entities in labels are decoded")
  func escapes() throws {
    let machine = try DOTImporter.mealyMachine(
      from: #"""
        digraph { __start0 -> a; a [label="say \"hi\""]; a -> a [label="x&amp;y / &#92;o"]; }
        """#)
    #expect(machine.initialState == "say \"hi\"")
    #expect(machine.match(from: "say \"hi\"", by: "x&y")?.output == "\\o")
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let error: DOTImportError
    let line: Int
    let column: Int
    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed(
      name: "missing label", text: "digraph {\n  __start0 -> s0;\n  s0 -> s1;\n}",
      error: .missingLabel, line: 3, column: 3),
    Malformed(
      name: "label without output",
      text:
        "digraph {\n  __start0 -> s0;\n  s0 -> s1 [label=\"a/b\"];\n  s1 -> s0 [label=\"c\"];\n}",
      error: .invalidLabel, line: 4, column: 3),
    Malformed(
      name: "empty input", text: "digraph {\n__start0 -> s0;\ns0 -> s0 [label=\"/x\"];\n}",
      error: .invalidLabel, line: 3, column: 1),
    Malformed(
      name: "no initial state", text: "\n\ndigraph g {\n  s0 -> s1 [label=\"a/b\"];\n}",
      error: .missingInitialState, line: 3, column: 1),
    Malformed(
      name: "two initial states",
      text: "digraph {\n  __start0 -> s0;\n  __start1 -> s1;\n  s0 -> s1 [label=\"a/b\"];\n}",
      error: .multipleInitialStates, line: 3, column: 3),
    Malformed(
      name: "unterminated string",
      text: "digraph {\n  __start0 -> s0;\n  s0 -> s1 [label=\"a/b];\n}",
      error: .syntax, line: 3, column: 19),
    Malformed(
      name: "missing target", text: "digraph {\n  s0 -> ;\n}", error: .syntax, line: 2, column: 9),
    Malformed(
      name: "unclosed body", text: "digraph {\n  __start0 -> s0;\n", error: .syntax, line: 3,
      column: 1),
    Malformed(
      name: "undirected graph", text: "graph {\n  a -- b;\n}", error: .unsupported, line: 1,
      column: 1),
    Malformed(
      name: "undirected edge", text: "digraph {\n  a -- b;\n}", error: .unsupported, line: 2,
      column: 5),
    Malformed(
      name: "subgraph", text: "digraph {\n  subgraph cluster { a; }\n}", error: .unsupported,
      line: 2, column: 3),
    Malformed(
      name: "unexpected character", text: "digraph {\n  a -> b @;\n}", error: .syntax, line: 2,
      column: 10),
    Malformed(
      name: "unclosed comment", text: "digraph {\n  /* oops\n}", error: .syntax, line: 2,
      column: 3),
    Malformed(
      name: "nondeterministic",
      text: "digraph {\n__start0 -> s0;\ns0 -> s1 [label=\"a/1\"];\ns0 -> s0 [label=\"a/2\"];\n}",
      error: .nondeterministic, line: 4, column: 1),
    Malformed(
      name: "duplicate state names",
      text: "digraph {\n__start0 -> s0;\ns0 [label=\"x\"];\ns1 [label=\"x\"];\n}",
      error: .duplicateState, line: 4, column: 1),
    Malformed(
      name: "text after the graph", text: "digraph { __start0 -> a; }\ndigraph {}", error: .syntax,
      line: 2, column: 1),
  ]

  @Test("malformed Mealy files give the right error, line and column", arguments: malformed)
  func malformedMealy(_ example: Malformed) {
    let error = #expect(throws: example.error) {
      try DOTImporter.mealyMachine(from: example.text)
    }
    #expect(error?.line == example.line)
    #expect(error?.column == example.column)
    #expect(error?.hint.isEmpty == false)
  }

  @Test("a Moore state without output is reported at its line, with a hint")
  func mooreWithoutOutput() {
    let error = #expect(throws: DOTImportError.missingOutput) {
      try DOTImporter.mooreMachine(
        from: """
          digraph {
            __start0 -> q0;
            q0 [shape="record" label="{ q0 | out }"];
            q1 [label="q1"];
            q0 -> q1 [label="a"];
          }
          """)
    }
    #expect(error?.line == 4)
    #expect(error?.column == 3)
    #expect(error?.hint.contains("{ q1 | output }") == true)
    #expect(error?.description.hasPrefix("line 4, column 3: State 'q1' has no output.") == true)
  }

  @Test("a Moore file read as Mealy says which importer to use")
  func mooreReadAsMealy() {
    let error = #expect(throws: DOTImportError.invalidLabel) {
      try DOTImporter.mealyMachine(from: "digraph { __start0 -> q0; q0 -> q0 [label=\"a\"]; }")
    }
    #expect(error?.hint.contains("mooreMachine(from:)") == true)
  }
}
