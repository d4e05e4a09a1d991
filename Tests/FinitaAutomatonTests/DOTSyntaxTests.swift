import FinitaAutomaton
import FinitaFixtures
import Testing

@Suite("Reading DOT as the grammar says")
struct DOTSyntaxTests {
  static let lines = [
    "digraph g {",
    "  // a comment",
    "# 1 \"preprocessed.gv\"",
    "  __start0 -> s0;",
    "  s0 -> s1 [label=\"a/1\"];",
    "  s1 -> s0;",
    "}",
  ]

  @Test(
    "LF, CRLF and lone CR line ends give the same machine and the same error line",
    arguments: ["\n", "\r\n", "\r"])
  func lineEnds(_ end: String) {
    let error = #expect(throws: DOTImportError.missingLabel) {
      try DOTImporter.mealyMachine(from: Self.lines.joined(separator: end))
    }
    #expect(error?.line == 6)
    #expect(error?.column == 3)
    var fixed = Self.lines
    fixed[5] = "  s1 -> s0 [label=\"b/2\"];"
    let machine = try? DOTImporter.mealyMachine(from: fixed.joined(separator: end))
    #expect(machine?.match(from: "s1", by: "b")?.output == "2")
  }

  @Test("a syntax error after CRLF lines is reported at its own line")
  func syntaxErrorAfterCRLF() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\r\n  a -> b;\r\n  a - b;\r\n}\r\n")
    }
    #expect(error?.line == 3)
    #expect(error?.column == 5)
  }

  @Test("a lone '-' between two nodes is refused, not read as a node")
  func loneMinus() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  __start0 -> a;\n  a - b [label=\"x/y\"];\n}")
    }
    #expect(error?.line == 3)
    #expect(error?.column == 5)
    #expect(error?.hint.contains("->") == true)
  }

  @Test("an attribute without '=' is refused with a hint")
  func attributeWithoutEquals() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  __start0 -> a;\n  a -> a [label\"go\"];\n}")
    }
    #expect(error?.line == 3)
    #expect(error?.column == 16)
    #expect(error?.message.contains("'=' after the attribute 'label'") == true)
    #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph { a -> a [label]; }")
    }
  }

  @Test("a stray '}' in the middle of a file is pointed at, with what it closed")
  func strayBrace() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(
        from: "digraph {\n  __start0 -> a;\n  }\n  a -> a [label=\"x/y\"];\n}")
    }
    #expect(error?.line == 3)
    #expect(error?.column == 3)
    #expect(error?.message.contains("opened on line 1, column 9") == true)
    #expect(error?.hint.contains("stray '}'") == true)
  }

  @Test("HTML labels are read as text: <br/> is a line break, other tags are dropped")
  func htmlLabels() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        digraph {
          __start0 -> s0;
          s0 [label=<idle<br/>state>];
          s0 -> s0 [label=<<b>tick</b> / <i>tock</i> &amp; more>];
        }
        """)
    #expect(machine.initialState == "idle\nstate")
    #expect(machine.match(from: "idle\nstate", by: "tick")?.output == "tock & more")
  }

  @Test("malformed HTML labels are refused where the markup breaks")
  func malformedHTML() {
    let mismatched = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  a -> b [label=<a<b>b>];\n}")
    }
    #expect(mismatched?.line == 2)
    #expect(mismatched?.column == 19)
    #expect(mismatched?.message.contains("<b> is never closed") == true)
    let unclosed = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  a -> b [label=<a<br/>b];\n}")
    }
    #expect(unclosed?.line == 2)
    #expect(unclosed?.column == 17)
    #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph { a -> b [label=<a & b>]; }")
    }
    #expect(throws: DOTImportError.unsupported) {
      try DOTImporter.mealyMachine(
        from: "digraph { __start0 -> a; a -> a [label=<<table><tr><td>x</td></tr></table>>]; }")
    }
  }

  @Test("strings join with '+', lines continue after a backslash, keywords ignore case")
  func stringsAndKeywords() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        STRICT DiGraph "learned" {
          NODE [shape=circle];
          __start0 -> s0;
          s0 -> s1 -> s0 [label="in" + "put/out\\
        put"];
          s0:port:n -> s1:s [label="in" + "put/again"];
        }
        """)
    #expect(machine.match(from: "s0", by: "input")?.output == "again")
    #expect(machine.match(from: "s1", by: "input")?.output == "output")
  }

  @Test("columns count characters, not bytes")
  func columnsInCharacters() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  \"é→ü\" -> @;\n}")
    }
    #expect(error?.line == 2)
    #expect(error?.column == 12)
  }

  @Test("'#' starts a preprocessor line only at the start of a line")
  func hashOutsideLineStart() {
    let error = #expect(throws: DOTImportError.syntax) {
      try DOTImporter.mealyMachine(from: "digraph {\n  a -> b # note\n}")
    }
    #expect(error?.line == 2)
    #expect(error?.column == 10)
  }

  @Test("defaults and subgraphs are parsed; the importer refuses subgraphs by name")
  func subgraphs() {
    let error = #expect(throws: DOTImportError.unsupported) {
      try DOTImporter.mealyMachine(
        from: "digraph {\n  __start0 -> a;\n  a -> { b c } [label=\"x/y\"];\n}")
    }
    #expect(error?.line == 3)
    #expect(error?.column == 8)
  }

  @Test("subgraphs nested 100,000 deep are refused and HTML tags read, not a crash")
  func deepNesting() {
    let levels = 100_000
    let subgraphs =
      "digraph g {\n  " + String(repeating: "subgraph { ", count: levels) + "a -> b "
      + String(repeating: "}", count: levels) + "\n}"
    let nested = #expect(throws: DOTImportError.unsupported) {
      try DOTImporter.mealyMachine(from: subgraphs)
    }
    #expect(nested?.message.contains("nested more than 256 deep") == true)
    #expect(nested?.line == 2)
    let tags =
      "digraph g { __start0 -> a; a -> a [label=<" + String(repeating: "<b>", count: levels)
      + "x / y" + String(repeating: "</b>", count: levels) + ">]; }"
    // HTML labels are read without recursion: the tags are dropped, the text stays.
    let tagged = try? DOTImporter.mealyMachine(from: tags)
    #expect(tagged?.match(from: "a", by: "x")?.output == "y")
    // The limit leaves room for any real drawing.
    let shallow =
      "digraph g {\n  " + String(repeating: "{ ", count: 200) + "a "
      + String(repeating: "}", count: 200) + "\n}"
    #expect(throws: DOTImportError.unsupported) { try DOTImporter.mealyMachine(from: shallow) }
  }

  @Test("an edge default label applies to the edges that follow it")
  func edgeDefaults() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        digraph {
          __start0 -> a;
          edge [label="x/1"];
          a -> b;
          edge [label="y/2"];
          b -> a;
        }
        """)
    #expect(machine.match(from: "a", by: "x")?.to == "b")
    #expect(machine.match(from: "b", by: "y")?.output == "2")
  }

  @Test("a learned model of 6,000 transitions imports with every transition, in order")
  func largeModel() throws {
    var generator = SeededGenerator(seed: 600)
    let inputs = (0..<12).map { "IN\($0)(V,V,0)" }
    var text = "digraph learnedModel {\r\n"
    var expected: [String: (to: String, output: String)] = [:]
    for state in 0..<500 {
      text += "s\(state) [label=\"s\(state)\"];\r\n"
    }
    for state in 0..<500 {
      for input in inputs {
        let target = "s\(Int.random(in: 0..<500, using: &generator))"
        let output = "OUT\(Int.random(in: 0..<9, using: &generator))(NEXT,CURRENT,0)"
        text += "s\(state) -> \(target)  [label=\"\(input)/\(output)\"];\r\n"
        expected["s\(state) \(input)"] = (target, output)
      }
    }
    text += "__start0 [label=\"\", shape=none];\r\n__start0 -> s0  [label=\"\"];\r\n}\r\n"
    let machine = try DOTImporter.mealyMachine(from: text)
    #expect(machine.transitions.count == 6_000)
    #expect(machine.states.count == 500)
    #expect(machine.initialState == "s0")
    for (key, value) in expected {
      let parts = key.split(separator: " ").map(String.init)
      let match = machine.match(from: parts[0], by: parts[1])
      #expect(match?.to == value.to && match?.output == value.output, "\(key)")
    }
  }
}
