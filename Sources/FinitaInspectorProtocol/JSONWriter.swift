/// Writes a ``JSONValue`` as compact JSON text, with the keys of each object in the order of
/// their UTF-8 bytes, so that the same value is always the same text.
///
/// Integral numbers below 2^53 are written without a fraction (`1`, not `1.0`), as
/// ``JSONValue/encode(to:)`` writes them; other numbers in Swift's shortest form that reads back
/// as the same double. Strings escape `"`, `\` and the control characters, and nothing else.
package enum JSONWriter {
  /// `value` as JSON text.
  ///
  /// - Parameter value: The value; its numbers are finite (JSON cannot hold others).
  /// - Returns: The text.
  package static func write(_ value: JSONValue) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    write(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func write(_ value: JSONValue, into bytes: inout [UInt8]) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    case .number(let number): write(number, into: &bytes)
    case .string(let string): write(string, into: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(item, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let fields):
      bytes.append(UInt8(ascii: "{"))
      let keys = fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (index, key) in keys.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(fields[key].unsafelyUnwrapped, into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private static func write(_ number: Double, into bytes: inout [UInt8]) {
    if number == number.rounded(), number.magnitude < 9.0e15 {
      bytes.append(contentsOf: String(Int64(number)).utf8)
    } else if number.isFinite {
      bytes.append(contentsOf: number.description.utf8)
    } else {
      // Not JSON; a JSONValue read from JSON never holds one.
      bytes.append(contentsOf: "null".utf8)
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func write(_ string: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
      case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
      case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
      case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
      case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
      case ..<0x20:
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
