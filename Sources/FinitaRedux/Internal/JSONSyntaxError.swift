/// Why a document is not JSON, and where.
struct JSONSyntaxError: Error, Sendable {
  /// What is wrong, as a clause without a final full stop.
  let reason: String
  /// The offset of the offending byte from the start of the data.
  let offset: Int
  let line: Int
  /// The column, counted in characters of the line (UTF-8 sequences count once).
  let column: Int

  var location: String { "line \(line), column \(column) (byte offset \(offset))" }
}
