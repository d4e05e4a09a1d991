/// A JSON value read by ``JSONReader``, exactly as the document holds it. Numbers keep their
/// literal text, so that a number too large for any Swift type is still a value and can be
/// reported with the field it does not fit; objects keep the order of their keys and where each
/// member lies.
package enum JSONValue: Sendable {
  /// An object: its members in the order of the document.
  case object(JSONObject)
  /// An array.
  case array([JSONValue])
  /// A string, its escapes resolved.
  case string(String)
  /// A number, as its literal text (`-1.5e3`).
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// What the value is, for messages: `the string "3"`, `the number 3.5`, `an array`.
  package var summary: String {
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

extension JSONValue: JSONTree {
  package static func number(literal: String) -> JSONValue? { .number(literal) }

  /// Never shown: every number literal is a value here.
  package static var numberLimit: String { "a JSON number" }

  package static var noMembers: JSONObject { JSONObject() }

  package static func add(
    _ value: JSONValue, named key: String, at range: Range<Int>, to members: inout JSONObject
  ) {
    guard members.members[key] == nil else { return }
    members.keys.append(key)
    members.members[key] = value
    members.ranges[key] = range
  }
}
