import FinitaExamples

/// Automata that read text: the Visual Format Language parser and the lexer of a small
/// expression language.
enum ParsingTour {
  static func run(_ output: inout TourOutput) async {
    visualFormat(&output)
    lexer(&output)
  }

  // MARK: - Visual Format Language

  private static func visualFormat(_ output: inout TourOutput) {
    output.section("Visual Format Language: layout strings read by an automaton over characters")
    let formats = [
      "H:|-[button]-8-[label(>=50)]-|",
      "V:[top][bottom(==top@750)]-gap-|",
      "H:|-[button]x",
    ]
    for format in formats {
      print("   format  \(format)")
      do {
        let layout = try VisualFormat(parsing: format)
        let items = layout.items.map(describe).joined(separator: ", ")
        print("   items   \(layout.orientation): \(items)")
      } catch {
        for line in error.message.split(separator: "\n", omittingEmptySubsequences: false) {
          print("   error   \(line)")
        }
      }
    }
  }

  private static func describe(_ item: VisualFormat.Item) -> String {
    switch item {
    case .superview: "edge"
    case .view(let name, let predicates): "[\(name)\(describe(predicates))]"
    case .space(.standard): "space"
    case .space(.flush): "flush"
    case .space(.predicates(let predicates)): "space\(describe(predicates))"
    }
  }

  private static func describe(_ predicates: [VisualFormat.Predicate]) -> String {
    guard !predicates.isEmpty else { return "" }
    let texts = predicates.map { predicate in
      "\(predicate.relation.rawValue)\(predicate.object)"
        + (predicate.priority.map { "@\($0)" } ?? "")
    }
    return "(\(texts.joined(separator: ", ")))"
  }

  // MARK: - Lexer

  private static func lexer(_ output: inout TourOutput) {
    output.section("Lexer: a Moore machine over byte classes takes the longest match")
    let sources = [
      "rate = base * 1.5  # per hour\nif rate >= 10",
      "total != 1.",
      "cost = $5",
    ]
    for text in sources {
      let source = Array(text.utf8)
      print("   source  \(text.replacingNewlines())")
      do {
        let tokens = try AutomatonLexer.tokens(in: source)
        let listed = tokens.map { token in
          "\(token.kind) \(String(decoding: source[token.range], as: UTF8.self))"
        }
        print("   tokens  \(listed.joined(separator: ", "))")
        let agrees = (try? HandWrittenScanner.tokens(in: source)) == tokens
        output.note("(the hand-written scanner \(agrees ? "agrees" : "disagrees"))")
      } catch {
        print("   error   \(error)")
      }
    }
  }
}

extension String {
  /// The text with each line break written `\n`, to show a source on one line.
  fileprivate func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
  }
}
