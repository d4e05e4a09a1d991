/// A JSON value read by ``JSONReader``. Numbers keep their literal text, so that a number too large
/// for any Swift type is still a value and can be reported with the field it does not fit.
enum JSONValue: Sendable {
  case object(JSONObject)
  case array([JSONValue])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  /// What the value is, for messages: `the string "3"`, `the number 3.5`, `an array`.
  var summary: String {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string(let text):
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "the string \"\(shown)\""
    case .number(let literal):
      let shown = literal.count > 40 ? String(literal.prefix(40)) + "…" : literal
      return "the number \(shown)"
    case .bool(let flag): return "the boolean \(flag)"
    case .null: return "null"
    }
  }
}
