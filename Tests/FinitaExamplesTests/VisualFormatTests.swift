import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("The Visual Format Language, parsed by an automaton")
struct VisualFormatTests {
  typealias Item = VisualFormat.Item
  typealias Predicate = VisualFormat.Predicate

  @Test("the talk's example: superviews, standard and fixed spaces, a view predicate")
  func talkExample() throws {
    let format = try VisualFormat(parsing: "H:|-[button]-8-[label(>=50)]-|")
    #expect(format.orientation == .horizontal)
    #expect(
      format.items == [
        .superview, .space(.standard), .view("button", []), .space(.predicates([Predicate("8")])),
        .view("label", [Predicate(.greaterThanOrEqual, "50")]), .space(.standard), .superview,
      ])
  }

  @Test("vertical, flush views, metrics, priorities and predicate lists in spaces")
  func richerFormats() throws {
    let format = try VisualFormat(parsing: "V:[top][middle(==top,<=200@750)]-(>=gap)-|")
    #expect(format.orientation == .vertical)
    #expect(
      format.items == [
        .view("top", []), .space(.flush),
        .view(
          "middle", [Predicate(.equal, "top"), Predicate(.lessThanOrEqual, "200", priority: 750)]),
        .space(.predicates([Predicate(.greaterThanOrEqual, "gap")])), .superview,
      ])
    #expect(
      try VisualFormat(parsing: "|[a]").items == [.superview, .space(.flush), .view("a", [])])
    #expect(
      try VisualFormat(parsing: "[a]-margin-[b2]").items[1]
        == .space(.predicates([Predicate("margin")])))
  }

  @Test("an error points at the character, says what it read and what the table accepts there")
  func errorsPointAtTheCharacter() {
    #expect(throws: VisualFormatError.unexpectedCharacter) {
      try VisualFormat(parsing: "H:|-[button]x")
    }
    do {
      _ = try VisualFormat(parsing: "H:|-[button]x")
    } catch {
      #expect(error.column == 13)
      #expect(error.expected == ["'-'", "'['", "'|'", "end of format"])
      #expect(
        error.message == """
          Unexpected 'x' at column 13 after a view: expected '-', '[', '|' or end of format.
          H:|-[button]x
                      ^
          """)
    }
  }

  @Test("each kind of mistake is caught where it is")
  func mistakes() {
    let cases: [(String, Int)] = [
      ("X:[a]", 1), ("H|[a]", 2), ("H:|-[]", 6), ("[a(=>5)]", 5), ("[a(>=)]", 6),
      ("[a]-8[b]", 6), ("[a(5@)]", 6), ("[a", 3), ("|-[a]-|x", 8), ("[a] ", 4),
    ]
    for (format, column) in cases {
      do {
        _ = try VisualFormat(parsing: format)
        Issue.record("\(format) parsed")
      } catch {
        #expect(error.column == column, "\(format): \(error.message)")
      }
    }
  }

  @Test("the end of the format where more must follow is an unexpected end")
  func unexpectedEnd() {
    #expect(throws: VisualFormatError.unexpectedEnd) { try VisualFormat(parsing: "H:|-[a]-") }
  }

  @Test("the grammar's automaton is valid: every state reachable, only 'done' final")
  func grammarIsValid() {
    #expect(VisualFormatParser.automaton.validationIssues().isEmpty)
  }
}
