import FinitaExamples
import FinitaFixtures
import Testing

@Suite("A lexer as an automaton, against a hand-written scanner")
struct LexerTests {
  func texts(_ source: String) throws -> [String] {
    let bytes = Array(source.utf8)
    return try AutomatonLexer.tokens(in: bytes).map {
      String(decoding: bytes[$0.range], as: UTF8.self)
    }
  }

  @Test("names, numbers and operators, longest match first; spaces and comments dropped")
  func tokens() throws {
    #expect(
      try texts("let x_1 = 42 + y*(3.14 - z) # note\nx <= 2 != 3 == 4")
        == [
          "let", "x_1", "=", "42", "+", "y", "*", "(", "3.14", "-", "z", ")", "x", "<=", "2",
          "!=", "3", "==", "4",
        ])
    let kinds = try AutomatonLexer.tokens(in: Array("a 1 2.5 >=".utf8)).map(\.kind)
    #expect(kinds == [.identifier, .integer, .decimal, .symbol])
  }

  @Test("errors name the line and column of the offending byte")
  func errors() {
    #expect(throws: LexError.unexpectedCharacter) {
      try AutomatonLexer.tokens(in: Array("a\nb $".utf8))
    }
    do {
      _ = try AutomatonLexer.tokens(in: Array("a\nb $".utf8))
    } catch {
      #expect(error.line == 2)
      #expect(error.column == 3)
    }
    #expect(throws: LexError.incompleteToken) { try AutomatonLexer.tokens(in: Array("1.".utf8)) }
    #expect(throws: LexError.incompleteToken) { try AutomatonLexer.tokens(in: Array("! =".utf8)) }
  }

  @Test("on 2,000 random sources the automaton and the hand-written scanner agree exactly")
  func differential() {
    var generator = SeededGenerator(seed: 18)
    let alphabet = Array("ab_Z09.+-*/(),;=<>! \t\n#$".utf8)
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 40)
      let source = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))]
      }
      let automaton = Result { () throws(LexError) in try AutomatonLexer.tokens(in: source) }
      let scanner = Result { () throws(LexError) in try HandWrittenScanner.tokens(in: source) }
      switch (automaton, scanner) {
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(String(decoding: source, as: UTF8.self))")
      case (.failure(let a), .failure(let b)):
        #expect(a == b && a.line == b.line && a.column == b.column && a.message == b.message)
      default:
        Issue.record("disagree on \(String(decoding: source, as: UTF8.self))")
      }
    }
  }
}
