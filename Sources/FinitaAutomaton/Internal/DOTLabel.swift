/// Decoding of DOT label text: Graphviz's escapes (`\n`, `\l`, `\r`, `\\`, `\{` ...) and
/// character entities (`&amp;`, `&#92;`, `&#x5C;`).
internal enum DOTLabel {
  static func decode(_ text: String) -> String {
    var result = ""
    var characters = text.makeIterator()
    var pending: Character? = nil
    while let character = pending ?? characters.next() {
      pending = nil
      if character == "\\" {
        guard let next = characters.next() else {
          result.append(character)
          break
        }
        switch next {
        case "n", "l", "r": result.append("\n")
        default: result.append(next)
        }
      } else if character == "&" {
        var entity = ""
        var closed = false
        while let next = characters.next() {
          if next == ";" {
            closed = true
            break
          }
          entity.append(next)
          if entity.count > 8 {
            break
          }
        }
        if closed, let decoded = Self.entity(entity) {
          result.append(decoded)
        } else {
          result += "&" + entity + (closed ? ";" : "")
        }
      } else {
        result.append(character)
      }
    }
    return result.trimmedWhitespace
  }

  private static func entity(_ name: String) -> Character? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      var digits = Substring(name)
      guard digits.first == "#" else { return nil }
      digits = digits.dropFirst()
      let radix = digits.first == "x" || digits.first == "X" ? 16 : 10
      if radix == 16 {
        digits = digits.dropFirst()
      }
      return UInt32(digits, radix: radix).flatMap(Unicode.Scalar.init).map(Character.init)
    }
  }

  /// The fields of a record label `{ a | b }` (or `a | b`), split on unescaped `|`, each
  /// decoded; field ports `<p>` are dropped.
  static func recordFields(_ text: String) -> [String] {
    var body = Substring(text.trimmedWhitespace)
    if body.first == "{" && body.last == "}" && body.count >= 2 {
      body = body.dropFirst().dropLast()
    }
    var fields: [String] = []
    var field = ""
    var escaped = false
    for character in body {
      if escaped {
        field += "\\\(character)"
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields.map { field in
      var text = Substring(field.trimmedWhitespace)
      if text.first == "<", let close = text.firstIndex(of: ">") {
        text = text[text.index(after: close)...]
      }
      return decode(String(text))
    }
  }
}
