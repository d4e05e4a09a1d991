/// Any JSON value: what the inspector carries for states, wishes and other values it does not
/// know the type of.
///
/// ```swift
/// let wish: JSONValue = ["insert": ["amount": 2]]
/// ```
public enum JSONValue: Hashable, Sendable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; JSON does not tell integers from fractions.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; JSON objects have no order, and neither has this.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the input is not JSON.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as it is.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if value == value.rounded(), abs(value) < 9.0e15 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
  /// A string value.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A number value.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A number value.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A boolean value.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array value.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object value; a later duplicate key wins.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
}
