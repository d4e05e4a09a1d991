/// Decoding of DOT label text: Graphviz's escapes (`\n`, `\l`, `\r`, `\\`, `\{` ...) and
/// character entities (`&amp;`, `&#92;`, `&#x5C;`).
internal enum DOTLabel {
  /// The label text: escapes and entities decoded in one pass, then trimmed.
  static func decode(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var plain = true
      for byte in bytes where byte == .backslash || byte == .ampersand {
        plain = false
        break
      }
      guard !plain else { return trimmed(bytes) }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == .backslash {
          guard index + 1 < bytes.count else {
            result.append(byte)
            break
          }
          let next = bytes[index + 1]
          switch next {
          case UInt8(ascii: "n"), UInt8(ascii: "l"), UInt8(ascii: "r"): result.append(.lf)
          default: result.append(next)
          }
          index += 2
        } else if byte == .ampersand, let (scalar, length) = entity(in: bytes, at: index) {
          result.append(contentsOf: String(Character(scalar)).utf8)
          index += length
        } else {
          result.append(byte)
          index += 1
        }
      }
      return result.withUnsafeBufferPointer { trimmed($0) }
    }
  }

  /// The two trimmed sides of `text` around the first `separator`, if it holds one.
  static func split(_ text: String, at separator: UInt8) -> (String, String)? {
    var text = text
    return text.withUTF8 { bytes in
      guard let index = bytes.firstIndex(of: separator) else { return nil }
      return (
        trimmed(UnsafeBufferPointer(rebasing: bytes[..<index])),
        trimmed(UnsafeBufferPointer(rebasing: bytes[(index + 1)...]))
      )
    }
  }

  /// The bytes as a string without leading and trailing whitespace.
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    func isBlank(_ byte: UInt8) -> Bool {
      byte == .space || byte == .tab || byte == .lf || byte == .cr || byte == 0x0B || byte == 0x0C
    }
    var start = 0
    var end = bytes.count
    while start < end && isBlank(bytes[start]) { start += 1 }
    while end > start && isBlank(bytes[end - 1]) { end -= 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    // Other whitespace (no-break spaces, line separators) is not ASCII.
    if start < end && (bytes[start] >= 0x80 || bytes[end - 1] >= 0x80) {
      return text.trimmedWhitespace
    }
    return text
  }

  /// The entity at `index` (`&amp;`, `&#92;`, `&#x5C;`) and its length in bytes, if it is one.
  static func entity(
    in bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (Unicode.Scalar, Int)? {
    var end = index + 1
    while end < bytes.count && end - index <= 10 && bytes[end] != .semicolon {
      end += 1
    }
    guard end < bytes.count, bytes[end] == .semicolon else { return nil }
    let name = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
    return entity(name).map { ($0, end + 1 - index) }
  }

  /// The character an entity name (without `&` and `;`) stands for.
  static func entity(_ name: String) -> Unicode.Scalar? {
    if let named = named[name] {
      return named
    }
    var digits = Substring(name)
    guard digits.first == "#" else { return nil }
    digits = digits.dropFirst()
    let radix = digits.first == "x" || digits.first == "X" ? 16 : 10
    if radix == 16 {
      digits = digits.dropFirst()
    }
    return UInt32(digits, radix: radix).flatMap(Unicode.Scalar.init)
  }

  /// The named entities read: XML's five and the HTML ones most used in labels.
  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "copy": "\u{A9}", "reg": "\u{AE}", "deg": "\u{B0}", "plusmn": "\u{B1}", "middot": "\u{B7}",
    "laquo": "\u{AB}", "raquo": "\u{BB}", "times": "\u{D7}", "divide": "\u{F7}",
    "ndash": "\u{2013}", "mdash": "\u{2014}", "bull": "\u{2022}", "hellip": "\u{2026}",
    "larr": "\u{2190}", "uarr": "\u{2191}", "rarr": "\u{2192}", "darr": "\u{2193}",
    "harr": "\u{2194}", "lArr": "\u{21D0}", "rArr": "\u{21D2}", "hArr": "\u{21D4}",
    "ne": "\u{2260}", "le": "\u{2264}", "ge": "\u{2265}", "epsilon": "\u{3B5}",
    "lambda": "\u{3BB}",
  ]

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
