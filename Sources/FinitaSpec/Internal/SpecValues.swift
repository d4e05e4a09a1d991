#if Spec
  /// The values scenarios give to events' fields: checked against the field's type, printed as
  /// Swift prints them, and written as Kotlin source.
  enum SpecValues {
    /// What is wrong with `literal` as a value of `type`, or `nil` when it fits.
    static func problem(_ literal: SpecLiteral, type: String) -> String? {
      if type.hasSuffix("?") {
        if case .null = literal { return nil }
        return problem(literal, type: String(type.dropLast()))
      }
      if let element = Identifiers.elementType(type) {
        guard case .list(let items) = literal else {
          return "expected a list of \(element) such as [\(example(of: element))], found \(literal)"
        }
        return items.lazy.compactMap { problem($0, type: element) }.first
      }
      guard case .scalar(let text, let isPlain) = literal else {
        return "expected \(article(type)) such as \(example(of: type)), found \(literal)"
      }
      let fits =
        switch type {
        case "Int": isPlain && Int32(text) != nil
        case "Int64": isPlain && Int64(text) != nil
        case "Double": isPlain && Double(text).map(\.isFinite) == true
        case "Bool": isPlain && (text == "true" || text == "false")
        default: true
        }
      if fits, type == "Double", let value = Double(text), !printsAlike(value) {
        return "Swift and Kotlin print \(text) differently; write a number between 0.001 and "
          + "9999999 (or 0), such as 1.5"
      }
      if fits { return nil }
      if type == "Int", isPlain, Int64(text) != nil {
        return "\(text) does not fit in Kotlin's Int (32 bits); use a smaller number or Int64"
      }
      return "expected \(article(type)) such as \(example(of: type)), found \(literal)"
    }

    /// Whether Swift and Kotlin print `value` alike: both write it without an exponent.
    static func printsAlike(_ value: Double) -> Bool {
      value == 0 || (0.001..<10_000_000).contains(value.magnitude)
    }

    static func article(_ type: String) -> String {
      switch type {
      case "Int", "Int64": "an integer (\(type))"
      case "Double": "a number (Double)"
      case "Bool": "true or false (Bool)"
      default: "a text (String)"
      }
    }

    static func example(of type: String) -> String {
      switch type {
      case "Int", "Int64": "120"
      case "Double": "1.5"
      case "Bool": "true"
      default: "\"tea\""
      }
    }

    /// The value as Swift prints it in a case's payload: `120`, `"tea"`, `Optional([1, 2])`.
    static func swiftPrinted(_ literal: SpecLiteral, type: String) -> String {
      swiftText(literal, type: type, printed: true)
    }

    /// The value as a Swift expression of the field's type: `120`, `"tea"`, `[1, 2]`, `nil`.
    static func swift(_ literal: SpecLiteral, type: String) -> String {
      swiftText(literal, type: type, printed: false)
    }

    /// The value as Swift prints it (`printed`) or as Swift source.
    private static func swiftText(_ literal: SpecLiteral, type: String, printed: Bool) -> String {
      if type.hasSuffix("?") {
        if case .null = literal { return "nil" }
        let wrapped = swiftText(literal, type: String(type.dropLast()), printed: printed)
        return printed ? "Optional(\(wrapped))" : wrapped
      }
      switch literal {
      case .null:
        return printed ? SpecState.zero(of: type) : SwiftGenerator.zero(of: type)
      case .list(let items):
        let element = Identifiers.elementType(type) ?? type
        return "["
          + items.map { swiftText($0, type: element, printed: printed) }.joined(separator: ", ")
          + "]"
      case .scalar(let text, _):
        switch type {
        case "Int", "Int64": return Int64(text).map { printed ? String($0) : grouped($0) } ?? text
        case "Double": return Double(text).map { "\($0)" } ?? text
        case "Bool": return text
        default: return String(reflecting: text)
        }
      }
    }

    /// An integer as swift-format wants it written: digits in groups of three from 7 digits on
    /// (`5_000_000_000`), as they are otherwise.
    static func grouped(_ value: Int64) -> String {
      let digits = String(value.magnitude)
      guard digits.count >= 7 else { return String(value) }
      var groups: [Substring] = []
      var end = digits.endIndex
      while end > digits.startIndex {
        let start =
          digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
        groups.insert(digits[start..<end], at: 0)
        end = start
      }
      return (value < 0 ? "-" : "") + groups.joined(separator: "_")
    }

    /// The value as a Kotlin expression of the field's type: `120`, `120L`, `listOf("a")`.
    static func kotlin(_ literal: SpecLiteral, type: String) -> String {
      if type.hasSuffix("?") {
        if case .null = literal { return "null" }
        return kotlin(literal, type: String(type.dropLast()))
      }
      switch literal {
      case .null:
        return KotlinGenerator.zero(of: type)
      case .list(let items):
        guard !items.isEmpty else { return "emptyList()" }
        let element = Identifiers.elementType(type) ?? type
        return "listOf(" + items.map { kotlin($0, type: element) }.joined(separator: ", ") + ")"
      case .scalar(let text, _):
        switch type {
        // Kotlin reads `-9223372036854775808L` as the negation of a literal one past Long's
        // largest value, which does not compile; the constant names the smallest value.
        case "Int": return Int64(text).map { $0 == Int32.min ? "Int.MIN_VALUE" : "\($0)" } ?? text
        case "Int64": return Int64(text).map { $0 == .min ? "Long.MIN_VALUE" : "\($0)L" } ?? text
        case "Double": return Double(text).map { "\($0)" } ?? text
        case "Bool": return text
        default: return kotlinString(text)
        }
      }
    }

    /// A Kotlin string literal of `text`.
    static func kotlinString(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "$": out += "\\$"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
          // Control characters, and the line and paragraph separators, as `\u` escapes.
          if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
          {
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            out += String(scalar)
          }
        }
      }
      return out + "\""
    }
  }
#endif  // Spec
