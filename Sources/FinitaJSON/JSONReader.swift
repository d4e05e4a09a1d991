import Foundation

/// Finita's one reader of JSON (RFC 8259) in UTF-8: it checks the whole document, including the
/// encoding inside strings, which Foundation's decoder checks only when it reaches them, and says
/// where the first problem is and what it is.
///
/// Saved Redux state is read strictly; the inspector's messages are read as Foundation's
/// `JSONDecoder` reads them, which lets one comma before a closing bracket through.
///
/// ```swift
/// let document = try JSONReader.read(data)  // a JSONValue, numbers as written
/// ```
package struct JSONReader {
  /// Arrays and objects nest at most this deep, like Foundation's reader; deeper data is rejected
  /// instead of exhausting the stack.
  package static let maximumDepth = 512

  // Valid only during `read`: the caller's bytes, borrowed for the one pass over them.
  private let bytes: UnsafeBufferPointer<UInt8>
  private let allowsTrailingComma: Bool
  private var index = 0
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, allowsTrailingComma: Bool) {
    self.bytes = bytes
    self.allowsTrailingComma = allowsTrailingComma
  }

  /// Reads a whole document as a ``JSONValue``, strictly.
  ///
  /// - Parameter data: UTF-8 JSON, optionally after a byte order mark.
  /// - Returns: The value.
  /// - Throws: A ``JSONSyntaxError`` naming the first problem and where it is.
  package static func read(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    try read(data, as: JSONValue.self)
  }

  /// Reads a whole document as a tree of the given type.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON, optionally after a byte order mark.
  ///   - type: The tree to build.
  ///   - allowsTrailingComma: Whether one comma may come before a closing bracket or brace, as
  ///     Foundation's `JSONDecoder` allows; `false` refuses it, as RFC 8259 does.
  /// - Returns: The value.
  /// - Throws: A ``JSONSyntaxError`` naming the first problem and where it is.
  package static func read<Tree: JSONTree>(
    _ data: Data, as type: Tree.Type, allowsTrailingComma: Bool = false
  ) throws(JSONSyntaxError) -> Tree {
    let result = data.withUnsafeBytes { raw in
      read(raw.assumingMemoryBound(to: UInt8.self), Tree.self, allowsTrailingComma)
    }
    return try result.get()
  }

  /// Reads a whole text as a tree of the given type.
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - type: The tree to build.
  ///   - allowsTrailingComma: Whether one comma may come before a closing bracket or brace, as
  ///     Foundation's `JSONDecoder` allows; `false` refuses it, as RFC 8259 does.
  /// - Returns: The value.
  /// - Throws: A ``JSONSyntaxError`` naming the first problem and where it is.
  package static func read<Tree: JSONTree>(
    _ text: String, as type: Tree.Type, allowsTrailingComma: Bool = false
  ) throws(JSONSyntaxError) -> Tree {
    var text = text
    let result = text.withUTF8 { read($0, Tree.self, allowsTrailingComma) }
    return try result.get()
  }

  private static func read<Tree: JSONTree>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ type: Tree.Type, _ allowsTrailingComma: Bool
  ) -> Result<Tree, JSONSyntaxError> {
    var reader = JSONReader(bytes: bytes, allowsTrailingComma: allowsTrailingComma)
    do throws(JSONSyntaxError) {
      return .success(try reader.readDocument())
    } catch {
      return .failure(error)
    }
  }

  private mutating func readDocument<Tree: JSONTree>() throws(JSONSyntaxError) -> Tree {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else {
      throw failure(bytes.isEmpty ? "the data is empty" : "the data holds no JSON value")
    }
    let value: Tree = try readValue()
    skipWhitespace()
    guard index == bytes.count else {
      throw failure("\(describeByte()) follows the end of the JSON value")
    }
    return value
  }

  private mutating func readValue<Tree: JSONTree>() throws(JSONSyntaxError) -> Tree {
    guard index < bytes.count else { throw failure("the data ends where a value should start") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"):
      try readWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try readWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try readWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      let literal = try readNumber()
      guard let number = Tree.number(literal: literal) else {
        throw failure("the number \(literal) is too large for \(Tree.numberLimit)", at: start)
      }
      return number
    default:
      throw failure("expected a value but found \(describeByte())")
    }
  }

  private mutating func readObject<Tree: JSONTree>() throws(JSONSyntaxError) -> Tree {
    try enterContainer()
    var members = Tree.noMembers
    skipWhitespace()
    if peek(is: "}") {
      leaveContainer()
      return .object(members)
    }
    while true {
      guard peek(is: "\"") else {
        throw failure("expected a key in double quotes but found \(describeByte())")
      }
      let key = try readString()
      skipWhitespace()
      guard peek(is: ":") else {
        throw failure("expected ':' after the key \"\(key)\" but found \(describeByte())")
      }
      index += 1
      skipWhitespace()
      let start = index
      let value: Tree = try readValue()
      Tree.add(value, named: key, at: start..<index, to: &members)
      if try endsAfterMember("}", in: "an object") { return .object(members) }
    }
  }

  private mutating func readArray<Tree: JSONTree>() throws(JSONSyntaxError) -> Tree {
    try enterContainer()
    var elements: [Tree] = []
    skipWhitespace()
    if peek(is: "]") {
      leaveContainer()
      return .array(elements)
    }
    while true {
      elements.append(try readValue())
      if try endsAfterMember("]", in: "an array") { return .array(elements) }
    }
  }

  /// After a value in an array or object: steps past a comma and returns `false`, or past the
  /// closing `close` and returns `true`.
  private mutating func endsAfterMember(
    _ close: Unicode.Scalar, in container: String
  ) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    if peek(is: ",") {
      index += 1
      skipWhitespace()
      guard peek(is: close) else { return false }
      guard allowsTrailingComma else {
        throw failure("a ',' is followed by '\(close)' (no trailing commas in JSON)")
      }
    } else if !peek(is: close) {
      throw failure(
        "expected ',' or '\(close)' after a value in \(container) but found \(describeByte())")
    }
    leaveContainer()
    return true
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels")
    }
    index += 1
  }

  /// Steps past the closing bracket or brace of an array or object, one level up.
  private mutating func leaveContainer() {
    index += 1
    depth -= 1
  }

  private mutating func readString() throws(JSONSyntaxError) -> String {
    index += 1  // the opening quote
    // Plain bytes are copied in runs, between escapes.
    var text: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("the data ends inside a string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let result: String
        if text.isEmpty {
          result = String(decoding: bytes[runStart..<index], as: UTF8.self)
        } else {
          text.append(contentsOf: bytes[runStart..<index])
          result = String(decoding: text, as: UTF8.self)
        }
        index += 1
        return result
      case UInt8(ascii: "\\"):
        text.append(contentsOf: bytes[runStart..<index])
        try readEscape(into: &text)
        runStart = index
      case 0..<0x20:
        let code = String(byte, radix: 16, uppercase: true)
        let escaped = String(repeating: "0", count: 4 - code.count) + code
        throw failure(
          "a string holds the control character 0x\(escaped.suffix(2)); write it as \\u\(escaped)")
      case 0x20..<0x80:
        index += 1
      default:
        index += try utf8SequenceLength()
      }
    }
  }

  private mutating func readEscape(into text: inout [UInt8]) throws(JSONSyntaxError) {
    index += 1  // the backslash
    guard index < bytes.count else { throw failure("the data ends inside a string") }
    let replacement: UInt8? =
      switch bytes[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[index]
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let replacement {
      text.append(replacement)
      index += 1
      return
    }
    guard peek(is: "u") else {
      throw failure("\\\(describeByte(quoted: false)) is not a JSON escape")
    }
    let start = index - 1
    var scalar = UInt32(try readHexUnit())
    if (0xD800..<0xDC00).contains(scalar) {
      let high = scalar
      guard peek(is: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
        throw failure(
          "the escape \\u\(hex(high)) is half of a UTF-16 pair without its second half",
          at: start)
      }
      index += 1
      let low = UInt32(try readHexUnit())
      guard (0xDC00..<0xE000).contains(low) else {
        throw failure(
          "the escape \\u\(hex(high)) is half of a UTF-16 pair without its second half",
          at: start)
      }
      scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(scalar) {
      throw failure(
        "the escape \\u\(hex(scalar)) is the second half of a UTF-16 pair alone",
        at: start)
    }
    guard let unicode = Unicode.Scalar(scalar) else {
      preconditionFailure("Internal inconsistency: \(scalar) is not a Unicode scalar value")
    }
    UTF8.encode(unicode) { text.append($0) }
  }

  /// Reads the `u` and four hexadecimal digits of a `\u` escape.
  private mutating func readHexUnit() throws(JSONSyntaxError) -> UInt16 {
    index += 1  // the u
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw failure("the data ends inside a \\u escape") }
      guard let digit = hexDigit(bytes[index]) else {
        throw failure("a \\u escape needs four hexadecimal digits but has \(describeByte())")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629), or an error at the first
  /// byte that makes it ill-formed.
  private func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
    let lead = bytes[index]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default:
      throw failure("a string holds the byte 0x\(hex(lead)), which is not valid UTF-8")
    }
    for offset in 1..<length {
      let position = index + offset
      let allowed = offset == 1 ? second : 0x80...0xBF
      guard position < bytes.count, allowed.contains(bytes[position]) else {
        throw failure(
          "a string holds an invalid UTF-8 sequence starting with the byte 0x\(hex(lead))")
      }
    }
    return length
  }

  private mutating func readNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if peek(is: "-") { index += 1 }
    if peek(is: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw failure(
          "a number starts with 0 followed by digits, which JSON does not allow",
          at: start)
      }
    } else {
      try readDigits(after: "'-'")
    }
    if peek(is: ".") {
      index += 1
      try readDigits(after: "the decimal point")
    }
    if peek(is: "e") || peek(is: "E") {
      index += 1
      if peek(is: "+") || peek(is: "-") { index += 1 }
      try readDigits(after: "the exponent")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func readDigits(after what: String) throws(JSONSyntaxError) {
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw failure("expected a digit after \(what) but found \(describeByte())")
    }
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private mutating func readWord(_ word: StaticString) throws(JSONSyntaxError) {
    // A static string's bytes, compared in place: no array for every `true` or `null`.
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes[index...].starts(with: expected) else {
      throw failure("expected a value (such as \(word)) but found \(describeByte())")
    }
    index += expected.count
  }

  // MARK: - Bytes

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func peek(is character: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(ascii: character)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private func hex(_ value: some BinaryInteger) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count % 2 == 0 ? digits : "0" + digits
  }

  /// The byte at `index` for a message: `'x'`, `the byte 0xFF`, or `the end of the data`.
  private func describeByte(quoted: Bool = true) -> String {
    guard index < bytes.count else { return "the end of the data" }
    let byte = bytes[index]
    guard (0x21..<0x7F).contains(byte) else {
      return byte == 0x20 ? "a space" : "the byte 0x\(hex(byte))"
    }
    let character = String(UnicodeScalar(byte))
    return quoted ? "'\(character)'" : character
  }

  private func failure(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    // A byte order mark is not shown by editors, so the first line's columns start after it.
    var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    // A column counts characters: continuation bytes of UTF-8 sequences do not start one.
    let column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
    return JSONSyntaxError(reason: reason, offset: offset, line: line, column: column)
  }
}
