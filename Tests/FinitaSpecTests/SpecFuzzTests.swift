#if Spec
  import FinitaFixtures
  import Foundation
  import Testing

  @testable import FinitaSpec

  @Suite("Spec reader fuzzing")
  struct SpecFuzzTests {
    /// Breaks `text` in one to three places: deletes, duplicates or swaps lines, inserts YAML
    /// punctuation, renames names, cuts the text short.
    static func mutate(_ text: String, using random: inout SeededGenerator) -> String {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let pieces = [
        ":", "[", "]", "{", "}", "-", "\t", "\"", "'", "&a", "*a", "? ", "#", "|", ">", ",",
        "class", "fun", "9lives", "to: nowhere", "unknownKey: 1", "\u{0}", "é", "!!binary",
      ]
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        guard !lines.isEmpty else { break }
        let index = Int.random(in: 0..<lines.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
          lines.remove(at: index)
        case 1:
          lines.insert(lines[index], at: index)
        case 2:
          let other = Int.random(in: 0..<lines.count, using: &random)
          lines.swapAt(index, other)
        case 3:
          var line = Array(lines[index])
          let position = Int.random(in: 0...line.count, using: &random)
          line.insert(contentsOf: pieces.randomElement(using: &random) ?? ":", at: position)
          lines[index] = String(line)
        case 4:
          lines[index] = lines[index].replacingOccurrences(
            of: ["locked", "coin", "idle", "insert", "none", "zero"].randomElement(using: &random)
              ?? "",
            with: ["lockd", "in", "1x", "", "a b"].randomElement(using: &random) ?? "")
        case 5:
          lines = Array(lines.prefix(index))
        default:
          lines[index] =
            String(repeating: " ", count: Int.random(in: 0...6, using: &random))
            + lines[index].trimmingCharacters(in: .whitespaces)
        }
      }
      return lines.joined(separator: "\n")
    }

    @Test("1,000 broken specs: no crash, and every diagnostic is located in the file")
    func brokenSpecs() throws {
      let seeds = try SpecFixtures.seedSpecs.map { try String(contentsOf: $0, encoding: .utf8) }
      var random = SeededGenerator(seed: 17)
      var invalid = 0
      for index in 0..<1_000 {
        let base = seeds[index % seeds.count]
        let text = Self.mutate(base, using: &random)
        let check = SpecReader.check(text, file: "fuzz\(index).yaml")
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for diagnostic in check.diagnostics {
          #expect(diagnostic.location.file == "fuzz\(index).yaml")
          #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount + 1)
          #expect(diagnostic.location.column >= 1)
          #expect(!diagnostic.message.isEmpty)
        }
        if !check.errors.isEmpty {
          invalid += 1
        } else if let spec = check.spec {
          // What still reads as valid must still generate.
          _ = SwiftGenerator(spec: spec).types()
        }
      }
      // Most mutations break the spec; a few (a comment, a moved line) do not.
      #expect(invalid > 600)
    }
  }
#endif  // Spec
