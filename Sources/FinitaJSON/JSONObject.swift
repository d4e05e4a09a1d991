/// The members of a JSON object. When a key appears twice, the first value is kept, as
/// Foundation's `JSONDecoder` does.
package struct JSONObject: Sendable {
  /// The keys in the order of the document, each once.
  package var keys: [String] = []
  /// The value of each key.
  package var members: [String: JSONValue] = [:]
  /// Where each member's value lies in the document, as byte offsets.
  package var ranges: [String: Range<Int>] = [:]

  /// An object with no members.
  package init() {}
}
