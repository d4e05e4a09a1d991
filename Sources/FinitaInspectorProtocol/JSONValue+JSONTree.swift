import FinitaJSON

/// The inspector's messages are read by FinitaJSON's reader straight into ``JSONValue``: numbers
/// as doubles, objects as dictionaries, in one pass over the text.
extension JSONValue: JSONTree {
  package static func number(literal: String) -> JSONValue? {
    guard let number = Double(literal), number.isFinite else { return nil }
    return .number(number)
  }

  package static var numberLimit: String { "a Double" }

  package static var noMembers: [String: JSONValue] { [:] }

  package static func add(
    _ value: JSONValue, named key: String, at range: Range<Int>,
    to members: inout [String: JSONValue]
  ) {
    if members[key] == nil { members[key] = value }
  }

  /// Reads one JSON value as `JSONDecoder` reads it: one comma before a closing bracket is let
  /// through, and every other departure from JSON is refused with what and where.
  ///
  /// - Parameter text: One JSON value, with white space around it or not.
  /// - Throws: FinitaJSON's `JSONSyntaxError` when the text is not one JSON value.
  package init(reading text: String) throws(JSONSyntaxError) {
    self = try JSONReader.read(text, as: JSONValue.self, allowsTrailingComma: true)
  }
}
