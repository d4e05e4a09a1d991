/// Reads JSON text into a ``JSONValue`` in one pass.
///
/// The inspector reads every message an app sends, and most of what they carry is states and
/// wishes as JSON values. Decoded by `JSONDecoder`, a `JSONValue` tries each kind of value in
/// turn, and each wrong guess builds an error; read here, a message of 100 stages takes about a
/// tenth of the time. Messages are then decoded from the value (``JSONValueDecoder``).
struct JSONParser {
  /// Why the text is not JSON, and where.
  struct Failure: Error, CustomStringConvertible {
    /// What is wrong.
    let reason: String
    /// The line, from 1.
    let line: Int
    /// The column in that line, in bytes, from 1.
    let column: Int

    var description: String { "\(reason) at line \(line), column \(column)" }
  }

  /// How deep arrays and objects may nest, as in `JSONDecoder`: deeper text is refused instead
  /// of using up the stack.
  static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The JSON value `text` holds.
  ///
  /// - Parameter text: One JSON value, with white space around it or not.
  /// - Returns: The value.
  /// - Throws: ``Failure`` when the text is not one JSON value.
  static func parse(_ text: String) throws(Failure) -> JSONValue {
    var text = text
    let result = text.withUTF8 { bytes -> Result<JSONValue, Failure> in
      var parser = JSONParser(bytes: bytes)
      do throws(Failure) {
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else {
          throw parser.failure("text after the JSON value")
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Values

  private mutating func value() throws(Failure) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw failure("the text ends where a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    case let byte:
      throw failure("unexpected \(Self.show(byte)) where a value was expected")
    }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try enter()
    var fields: [String: JSONValue] = [:]
    skipSpace()
    if peek == UInt8(ascii: "}") {
      leave()
      return .object(fields)
    }
    while true {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try string()
      skipSpace()
      guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
      index += 1
      let item = try value()
      // The first of two equal keys counts, as in JSONDecoder.
      if fields[key] == nil { fields[key] = item }
      if try endsAfterItem(UInt8(ascii: "}"), in: "an object") { return .object(fields) }
    }
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try enter()
    var items: [JSONValue] = []
    skipSpace()
    if peek == UInt8(ascii: "]") {
      leave()
      return .array(items)
    }
    while true {
      items.append(try value())
      if try endsAfterItem(UInt8(ascii: "]"), in: "an array") { return .array(items) }
    }
  }

  /// After an item of an array or object: steps past a comma and returns `false`, or past the
  /// closing bracket `close` and returns `true`. One comma before the end is let through, as
  /// JSONDecoder does.
  private mutating func endsAfterItem(_ close: UInt8, in container: String) throws(Failure)
    -> Bool
  {
    skipSpace()
    if peek == UInt8(ascii: ",") {
      index += 1
      skipSpace()
      guard peek == close else { return false }
    } else if peek != close {
      throw failure("expected ',' or \(Self.show(close)) in \(container)")
    }
    leave()
    return true
  }

  /// Steps past the closing bracket of an array or object.
  private mutating func leave() {
    index += 1
    depth -= 1
  }

  /// Steps past the opening bracket of an array or object, one level deeper.
  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels")
    }
    index += 1
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
    else { throw failure("expected \(word)") }
    index += count
  }

  // MARK: Strings

  /// A string, from its opening quote to after its closing one.
  private mutating func string() throws(Failure) -> String {
    index += 1
    let start = index
    // Most strings have no escapes: they are taken as they are.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw failure("a control character inside a string") }
      index += 1
    }
    var text = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        try escape(into: &text)
      case ..<0x20:
        throw failure("a control character inside a string")
      default:
        text.append(byte)
        index += 1
      }
    }
    throw failure("the text ends inside a string")
  }

  /// The escape after a backslash, appended as UTF-8.
  private mutating func escape(into text: inout [UInt8]) throws(Failure) {
    guard let byte = peek else { throw failure("the text ends inside a string") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try hexUnit())
      if (0xD800...0xDBFF).contains(scalar) {
        // A high surrogate: the low one must follow as another \u escape.
        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("a \\u escape of a high surrogate without its low one") }
        index += 2
        let low = UInt32(try hexUnit())
        guard (0xDC00...0xDFFF).contains(low) else {
          throw failure("a \\u escape of a high surrogate without its low one")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else {
        throw failure("a \\u escape of a lone low surrogate")
      }
      text.append(contentsOf: String(Character(unicode)).utf8)
    default:
      index -= 1
      throw failure("an unknown escape \\\(Self.show(byte))")
    }
  }

  /// The four hexadecimal digits of a \u escape.
  private mutating func hexUnit() throws(Failure) -> UInt16 {
    guard index + 4 <= bytes.count else { throw failure("the text ends inside a \\u escape") }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("\(Self.show(byte)) in a \\u escape, which takes four hex digits")
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }

  // MARK: Numbers

  /// A number as JSON writes them: `-`, an integer part without leading zeros, a fraction, an
  /// exponent.
  private mutating func number() throws(Failure) -> Double {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, Self.isDigit(first) else { throw failure("a '-' without digits") }
    index += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("a '.' without digits after it")
      }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("an exponent without digits")
      }
      skipDigits()
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      index = start
      throw failure("the number \(text) is too large for a Double")
    }
    return number
  }

  private mutating func skipDigits() {
    while let byte = peek, Self.isDigit(byte) { index += 1 }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  // MARK: Reading

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = peek,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  /// A failure at the current place.
  private func failure(_ reason: String) -> Failure {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    return Failure(reason: reason, line: line, column: index - lineStart + 1)
  }

  /// A byte as a message shows it: the character in quotes when it is printable ASCII.
  private static func show(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
  }
}
