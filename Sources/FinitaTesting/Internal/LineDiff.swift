/// The line-by-line difference of an expected text and an actual one: the lines they share, in
/// order (their longest common subsequence), and the lines only one of them has.
///
/// ```swift
/// let diff = LineDiff(expected: ["[", "  1,", "  3,", "]"], actual: ["[", "  1,", "  2,", "  3,", "]"])
/// print(diff.text())
/// //   [
/// //     1,
/// // +   2,
/// //     3,
/// //   ]
/// ```
package struct LineDiff: Sendable, Equatable {
  /// One line of the difference.
  package enum Line: Sendable, Equatable {
    /// A line both texts have.
    case unchanged(String)
    /// A line only the expected text has.
    case removed(String)
    /// A line only the actual text has.
    case added(String)
  }

  /// The lines of both texts, each once, in order; a removed line comes before the added one
  /// that replaces it.
  package let lines: [Line]

  /// The most cells of the table of common lengths compared before falling back to "every
  /// middle line removed, then every middle line added": enough for dumps of thousands of lines
  /// that differ in many places, and at most 16 MB.
  private static let maximumTableSize = 4_000_000

  /// Compares two texts given as lines.
  ///
  /// - Parameters:
  ///   - expected: The lines expected.
  ///   - actual: The lines found.
  package init(expected: [String], actual: [String]) {
    // Lines shared at the start and the end need no table; in a dump of a large state that
    // differs in one field, they are nearly all lines.
    let prefix = zip(expected, actual).prefix { $0 == $1 }.count
    let suffix = zip(expected[prefix...].reversed(), actual[prefix...].reversed())
      .prefix { $0 == $1 }.count
    let old = Array(expected[prefix..<(expected.count - suffix)])
    let new = Array(actual[prefix..<(actual.count - suffix)])
    lines =
      expected[..<prefix].map(Line.unchanged)
      + Self.middle(old, new)
      + expected[(expected.count - suffix)...].map(Line.unchanged)
  }

  /// Whether the texts differ.
  package var hasChanges: Bool {
    lines.contains { if case .unchanged = $0 { false } else { true } }
  }

  /// The difference as text: `−` (U+2212) before a line only the expected text has, `+` before a
  /// line only the actual one has, two spaces before a shared line.
  ///
  /// In a run of shared lines, only `context` lines next to a change are printed, and the first
  /// and last lines of the texts; the others are replaced by one `… (N unchanged)` line.
  ///
  /// - Parameter context: How many shared lines to print on each side of a change.
  /// - Returns: The lines joined with newlines.
  package func text(context: Int = 3) -> String {
    var output: [String] = []
    var index = 0
    while index < lines.count {
      switch lines[index] {
      case .removed(let line):
        output.append("− " + line)
        index += 1
      case .added(let line):
        output.append("+ " + line)
        index += 1
      case .unchanged:
        var run: [String] = []
        var end = index
        while end < lines.count, case .unchanged(let line) = lines[end] {
          run.append(line)
          end += 1
        }
        let head = index == 0 ? 1 : context
        let tail = end == lines.count ? 1 : context
        let hidden = run.count - head - tail
        // Hiding a single line behind a marker line would save nothing.
        if hidden > 1 {
          let indent = run[head].prefix { $0 == " " }
          output += run[..<head].map { "  " + $0 }
          output.append("  \(indent)… (\(hidden) unchanged)")
          output += run[(run.count - tail)...].map { "  " + $0 }
        } else {
          output += run.map { "  " + $0 }
        }
        index = end
      }
    }
    return output.joined(separator: "\n")
  }

  /// The lines between the shared start and end, from a table of the longest common
  /// subsequence of each pair of suffixes.
  private static func middle(_ old: [String], _ new: [String]) -> [Line] {
    if old.isEmpty || new.isEmpty || old.count * new.count > maximumTableSize {
      return old.map(Line.removed) + new.map(Line.added)
    }
    let width = new.count + 1
    // common[i * width + j]: the length of the longest common subsequence of old[i...] and
    // new[j...].
    var common = [Int32](repeating: 0, count: (old.count + 1) * width)
    for i in old.indices.reversed() {
      for j in new.indices.reversed() {
        common[i * width + j] =
          old[i] == new[j]
          ? common[(i + 1) * width + j + 1] + 1
          : max(common[(i + 1) * width + j], common[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var (i, j) = (0, 0)
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        result.append(.unchanged(old[i]))
        i += 1
        j += 1
      } else if common[(i + 1) * width + j] >= common[i * width + j + 1] {
        result.append(.removed(old[i]))
        i += 1
      } else {
        result.append(.added(new[j]))
        j += 1
      }
    }
    return result + old[i...].map(Line.removed) + new[j...].map(Line.added)
  }
}

extension LineDiff {
  /// The `−`/`+` difference of two values' dumps, or, when two values that are not equal dump
  /// alike, a note that says so and shows the dump, instead of a diff without a change.
  ///
  /// - Parameters:
  ///   - expected: The value expected.
  ///   - actual: The value found.
  ///   - dump: How the values are printed.
  /// - Returns: The text for a failure message.
  package static func values(
    expected: Any,
    actual: Any,
    dump: ValueDump = ValueDump()
  ) -> String {
    let old = dump.lines(of: expected)
    let new = dump.lines(of: actual)
    guard old == new else { return LineDiff(expected: old, actual: new).text() }
    let shown = old.map { "  " + $0 }.joined(separator: "\n")
    return """
      The values are not equal, but they print the same:

      \(shown)

      The difference is in what the dump does not show: an == written by hand, a class compared \
      by identity, a field a custom mirror hides, a NaN, or parts nested deeper than \
      \(dump.maxDepth) levels.
      """
  }
}
