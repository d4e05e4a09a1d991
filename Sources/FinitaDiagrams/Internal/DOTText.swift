/// Escaping for DOT source.
///
/// In a quoted DOT string `\"` is a quote; label text then goes through Graphviz's own escapes
/// (`\n`, `\l`, `\\`) and character entities, so a backslash is written `\\` (entities are
/// decoded before escapes, so `&#92;` would not survive) and `&` is written `&amp;`.
internal enum DOTText {
  /// A label value, already escaped for the `[label=...]` attribute (without the quotes).
  static func label(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "&": result += "&amp;"
      case "\n": result += "\\n"
      case "\r": break
      default: result.append(character)
      }
    }
    return result
  }

  /// A field of a record label: the record syntax characters are escaped first.
  static func recordField(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "{", "}", "|", "<", ">": result += "\\\(character)"
      case " " where result.isEmpty: result += "\\ "
      default: result += label(String(character))
      }
    }
    return result
  }

  /// A DOT identifier: bare when it is a plain name (letters, digits and `_`, not starting
  /// with a digit, not a keyword), quoted otherwise.
  static func identifier(_ text: String) -> String {
    let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]
    let isPlain =
      text.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
      && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
      && !keywords.contains(text.lowercased())
    return isPlain ? text : quoted(text)
  }

  /// A quoted DOT string.
  static func quoted(_ text: String) -> String {
    "\"\(label(text))\""
  }

  /// `key="value" key="value"`, values already escaped.
  static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ")
  }
}
