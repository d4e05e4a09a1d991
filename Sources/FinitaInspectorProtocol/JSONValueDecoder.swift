import FinitaJSON

/// Decodes a `Decodable` value from a ``JSONValue`` that FinitaJSON's `JSONReader` read: a field of type
/// `JSONValue` is taken as it is, instead of decoded by trying each kind of value.
///
/// Its errors are the `DecodingError`s `JSONDecoder` throws, with the same coding paths, so
/// ``InspectorProtocol/describe(_:)`` says where a message is wrong. Numbers are doubles in a
/// `JSONValue`, so an integer field larger than 2^53 is refused rather than read inexactly.
struct JSONValueDecoder {
  /// A value of `type` read from `value`.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - value: The JSON.
  /// - Returns: The value.
  /// - Throws: `DecodingError` when `value` does not fit the type.
  func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
    try JSONValueReader.read(Value.self, from: value, at: JSONCodingPath())
  }
}

/// What the containers share: reading one value at a coding path.
private enum JSONValueReader {
  static func read<Value: Decodable>(
    _ type: Value.Type, from value: JSONValue, at path: @autoclosure () -> JSONCodingPath
  ) throws -> Value {
    if Value.self == JSONValue.self, let same = value as? Value { return same }
    return try Value(from: ValueDecoder(value: value, path: path()))
  }

  static func kind(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "bool"
    case .number(let number): "number \(number)"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: JSONCodingPath)
    -> DecodingError
  {
    if case .null = value {
      return .valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path.keys,
          debugDescription: "Expected \(type) value but found null instead."))
    }
    return .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path.keys,
        debugDescription: "Expected to decode \(type) but found \(kind(value)) instead."))
  }

  static func bool(_ value: JSONValue, _ path: @autoclosure () -> JSONCodingPath) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path()) }
    return bool
  }

  static func string(_ value: JSONValue, _ path: @autoclosure () -> JSONCodingPath) throws -> String
  {
    guard case .string(let string) = value else { throw mismatch(String.self, value, path()) }
    return string
  }

  static func double(_ value: JSONValue, _ path: @autoclosure () -> JSONCodingPath) throws -> Double
  {
    guard case .number(let number) = value else { throw mismatch(Double.self, value, path()) }
    return number
  }

  static func float(_ value: JSONValue, _ path: @autoclosure () -> JSONCodingPath) throws -> Float {
    guard case .number(let number) = value else { throw mismatch(Float.self, value, path()) }
    let float = Float(number)
    guard float.isFinite else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path().keys, debugDescription: "Number \(number) does not fit in Float."))
    }
    return float
  }

  static func integer<Integer: FixedWidthInteger>(
    _ type: Integer.Type, _ value: JSONValue, _ path: @autoclosure () -> JSONCodingPath
  ) throws -> Integer {
    guard case .number(let number) = value else { throw mismatch(Integer.self, value, path()) }
    // Beyond 2^53 a double no longer holds every integer: the text may have said another one.
    guard number.magnitude <= 9_007_199_254_740_992, let integer = Integer(exactly: number) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path().keys,
          debugDescription: "Number \(number) does not fit in \(Integer.self)."))
    }
    return integer
  }
}

/// The decoder a type's `init(from:)` reads.
private struct ValueDecoder: Decoder {
  let value: JSONValue
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let fields) = value else {
      throw JSONValueReader.mismatch([String: Any].self, value, path)
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, path: path))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else {
      throw JSONValueReader.mismatch([Any].self, value, path)
    }
    return UnkeyedContainer(items: items, path: path)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, path: path)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let fields: [String: JSONValue]
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }

  var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

  private func field(_ key: Key) throws -> JSONValue {
    guard let value = fields[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return value
  }

  private func child(_ key: Key) -> JSONCodingPath { path.appending(key) }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try field(key) { return true }
    return false
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try JSONValueReader.bool(field(key), child(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try JSONValueReader.string(field(key), child(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try JSONValueReader.double(field(key), child(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try JSONValueReader.float(field(key), child(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try JSONValueReader.integer(type, field(key), child(key))
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try JSONValueReader.read(type, from: field(key), at: child(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try ValueDecoder(value: field(key), path: child(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: field(key), path: child(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    ValueDecoder(value: fields["super"] ?? .null, path: path.appending(JSONTreeKey.super))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(value: fields[key.stringValue] ?? .null, path: child(key))
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let items: [JSONValue]
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }
  private(set) var currentIndex = 0

  init(items: [JSONValue], path: JSONCodingPath) {
    self.items = items
    self.path = path
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  /// The path of the next item.
  private var itemPath: JSONCodingPath { path.appending(JSONTreeKey.index(currentIndex)) }

  /// The next item; the index moves on only once it is read.
  private func next<T>(_ type: T.Type) throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: itemPath.keys, debugDescription: "Unkeyed container is at end."))
    }
    return items[currentIndex]
  }

  private mutating func read<T>(
    _ type: T.Type, _ body: (JSONValue, () -> JSONCodingPath) throws -> T
  ) throws -> T {
    let value = try next(type)
    let result = try body(value) { itemPath }
    currentIndex += 1
    return result
  }

  mutating func decodeNil() throws -> Bool {
    let value = try next(Never.self)
    guard case .null = value else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try read(type) { try JSONValueReader.bool($0, $1()) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try read(type) { try JSONValueReader.string($0, $1()) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try read(type) { try JSONValueReader.double($0, $1()) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try read(type) { try JSONValueReader.float($0, $1()) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read(type) { try JSONValueReader.integer(type, $0, $1()) }
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try read(type) { try JSONValueReader.read(type, from: $0, at: $1()) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try read(KeyedDecodingContainer<NestedKey>.self) {
      try ValueDecoder(value: $0, path: $1()).container(keyedBy: type)
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try read((any UnkeyedDecodingContainer).self) {
      try ValueDecoder(value: $0, path: $1()).unkeyedContainer()
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    try read((any Decoder).self) { ValueDecoder(value: $0, path: $1()) }
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool { try JSONValueReader.bool(value, path) }
  func decode(_ type: String.Type) throws -> String {
    try JSONValueReader.string(value, path)
  }
  func decode(_ type: Double.Type) throws -> Double {
    try JSONValueReader.double(value, path)
  }
  func decode(_ type: Float.Type) throws -> Float { try JSONValueReader.float(value, path) }
  func decode(_ type: Int.Type) throws -> Int {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try JSONValueReader.integer(type, value, path)
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONValueReader.read(type, from: value, at: path)
  }
}
