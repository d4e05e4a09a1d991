/// The members of a JSON object. When a key appears twice, the first value is kept, as
/// Foundation's `JSONDecoder` does.
struct JSONObject: Sendable {
  /// The keys in the order of the document, each once.
  var keys: [String] = []
  var members: [String: JSONValue] = [:]
  /// Where each member's value lies in the document, as byte offsets.
  var ranges: [String: Range<Int>] = [:]
}
