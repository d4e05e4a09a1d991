/// Why a document is not JSON, and where.
package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, as a clause without a final full stop.
  package let reason: String
  /// The offset of the offending byte from the start of the data.
  package let offset: Int
  /// The line, from 1.
  package let line: Int
  /// The column, from 1, counted in characters of the line (UTF-8 sequences count once).
  package let column: Int

  /// Where the error is: `line 2, column 8 (byte offset 21)`.
  package var location: String { "line \(line), column \(column) (byte offset \(offset))" }

  /// The reason, then where: `expected ':' after the key "a" but found '1' at line 1, column 6
  /// (byte offset 5)`.
  package var description: String { "\(reason) at \(location)" }
}
