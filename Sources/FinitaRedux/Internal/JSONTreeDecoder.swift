import Foundation

/// Decodes a value from a ``JSONValue`` tree with the rules of `JSONDecoder`'s default strategies
/// (`Data` as Base64, `Date` through its own `Decodable` conformance, `URL` as a string,
/// `Decimal` as a number), keeping the coding path.
///
/// Foundation's decoder reports a number that does not fit its field (`7.5` or `1e400` for an
/// `Int`) without a path; decoding again with this decoder finds where it is.
struct JSONTreeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Decodes a value of the given type from a tree.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - value: The JSON value.
  ///   - codingPath: The path of `value` in the document.
  /// - Returns: The decoded value.
  /// - Throws: A `DecodingError` with the path of the offending value.
  static func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, at codingPath: [any CodingKey]
  ) throws -> T {
    if T.self == Data.self {
      let text = try JSONTreeDecoder(value: value, codingPath: codingPath).decode(String.self)
      guard let data = Data(base64Encoded: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "the string is not valid Base64"))
      }
      return try cast(data, to: T.self, at: codingPath)
    }
    if T.self == URL.self {
      let text = try JSONTreeDecoder(value: value, codingPath: codingPath).decode(String.self)
      guard let url = URL(string: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "\"\(text)\" is not a valid URL"))
      }
      return try cast(url, to: T.self, at: codingPath)
    }
    if T.self == Decimal.self {
      guard case .number(let literal) = value else {
        throw mismatch(Decimal.self, value, at: codingPath)
      }
      guard let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")),
        !decimal.isNaN
      else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "\(literal) does not fit in Decimal"))
      }
      return try cast(decimal, to: T.self, at: codingPath)
    }
    return try T(from: JSONTreeDecoder(value: value, codingPath: codingPath))
  }

  private static func cast<T>(_ value: Any, to type: T.Type, at path: [any CodingKey]) throws -> T {
    guard let result = value as? T else {
      preconditionFailure("Internal inconsistency: \(value) is not a \(T.self)")
    }
    return result
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, at path: [any CodingKey])
    -> DecodingError
  {
    if case .null = value {
      return .valueNotFound(
        type, .init(codingPath: path, debugDescription: "expected \(type) but found null"))
    }
    return .typeMismatch(
      type, .init(codingPath: path, debugDescription: "found \(value.summary) instead"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw Self.mismatch([String: Any].self, value, at: codingPath)
    }
    return KeyedDecodingContainer(JSONTreeKeyedContainer<Key>(object: object, path: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw Self.mismatch([Any].self, value, at: codingPath)
    }
    return JSONTreeUnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool {
    if case .null = value { true } else { false }
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = value else { throw Self.mismatch(type, value, at: codingPath) }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value else { throw Self.mismatch(type, value, at: codingPath) }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Self.decode(type, from: value, at: codingPath)
  }

  private func number(_ type: Any.Type) throws -> String {
    guard case .number(let literal) = value else {
      throw Self.mismatch(type, value, at: codingPath)
    }
    return literal
  }

  private func doesNotFit(_ literal: String, _ type: Any.Type) -> DecodingError {
    .dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "\(literal) does not fit in \(type)"))
  }

  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let literal = try number(type)
    guard let result = JSONNumber.integer(literal, as: type) else {
      throw doesNotFit(literal, type)
    }
    return result
  }

  private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type
  ) throws -> T {
    let literal = try number(type)
    guard let result = JSONNumber.floatingPoint(literal, as: type) else {
      throw doesNotFit(literal, type)
    }
    return result
  }
}

/// The conversions of JSON number literals that Foundation's decoder accepts.
enum JSONNumber {
  /// An integer, also from an integral literal with a fraction or exponent (`2.0`, `1e2`); `nil`
  /// when the value is not integral or out of range.
  static func integer<T: FixedWidthInteger>(_ literal: String, as type: T.Type) -> T? {
    if let exact = T(literal) { return exact }
    guard let double = Double(literal), double.isFinite, double.rounded() == double else {
      return nil
    }
    return T(exactly: double)
  }

  /// A floating-point value; `nil` when the literal overflows to infinity or a non-zero literal
  /// underflows to zero.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ literal: String, as type: T.Type
  ) -> T? {
    guard let result = T(literal), result.isFinite else { return nil }
    if result == 0 {
      let mantissa = literal.prefix { $0 != "e" && $0 != "E" }
      if mantissa.contains(where: { ("1"..."9").contains($0) }) { return nil }
    }
    return result
  }
}

/// A coding key for an array index or a key that the type's own keys do not name.
struct JSONTreeKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}

private struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  let path: [any CodingKey]

  var codingPath: [any CodingKey] { path }
  var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { object.members[key.stringValue] != nil }

  private func member(_ key: Key) throws -> JSONValue {
    guard let value = object.members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(codingPath: path, debugDescription: "no value for the key \"\(key.stringValue)\""))
    }
    return value
  }

  private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try JSONTreeDecoder.decode(type, from: member(key), at: path + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try member(key) { true } else { false }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try JSONTreeDecoder(value: member(key), codingPath: path + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONTreeDecoder(value: member(key), codingPath: path + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = JSONTreeKey(stringValue: "super")
    return JSONTreeDecoder(value: object.members["super"] ?? .null, codingPath: path + [key])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONTreeDecoder(value: object.members[key.stringValue] ?? .null, codingPath: path + [key])
  }
}

private struct JSONTreeUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var currentPath: [any CodingKey] { codingPath + [JSONTreeKey(intValue: currentIndex)] }

  private func current(_ type: Any.Type) throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: currentPath,
          debugDescription: "the array has only \(elements.count) elements"))
    }
    return elements[currentIndex]
  }

  private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
    let result = try JSONTreeDecoder.decode(type, from: current(type), at: currentPath)
    currentIndex += 1
    return result
  }

  mutating func decodeNil() throws -> Bool {
    guard case .null = try current(Any?.self) else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let decoder = JSONTreeDecoder(value: try current(type), codingPath: currentPath)
    let container = try decoder.container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let decoder = JSONTreeDecoder(value: try current([Any].self), codingPath: currentPath)
    let container = try decoder.unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let decoder = JSONTreeDecoder(value: try current(Any.self), codingPath: currentPath)
    currentIndex += 1
    return decoder
  }
}
