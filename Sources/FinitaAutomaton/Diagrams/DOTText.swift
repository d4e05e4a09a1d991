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

  /// A quoted DOT string.
  static func quoted(_ text: String) -> String {
    "\"\(label(text))\""
  }

  /// `key="value" key="value"`, values already escaped.
  static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ")
  }
}
