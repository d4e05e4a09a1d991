import FinitaJSON
import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``: the value `JSONEncoder` (with its
/// default strategies) would write, decoded back, without the text in between.
///
/// The client's sender encodes a state or a wish at most stages; through `JSONEncoder` and
/// `JSONDecoder` that was two passes over text, and decoding a `JSONValue` tries each kind of
/// value in turn. Messages are encoded the same way and written by ``JSONWriter``; a
/// `JSONValue` inside a value is taken as it is. What `JSONEncoder` writes differently from a type's own `encode(to:)` is done
/// here too: `Data` as Base64, `URL` as its absolute string, `Decimal` as a number, a `Float` by
/// its shortest digits; a number that is not finite throws, as there.
package struct JSONValueEncoder {
  /// An encoder.
  package init() {}

  /// The value as JSON.
  ///
  /// - Parameter value: The value.
  /// - Returns: Its JSON.
  /// - Throws: `EncodingError.invalidValue` for a number that is not finite or a value that
  ///   encodes nothing (inside another value it is an empty object), and what the value's
  ///   `encode(to:)` throws.
  package func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
    guard let slot = try JSONValueSlot.encodeIfAny(value, at: JSONCodingPath()) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "\(Value.self) encoded nothing at the top level."))
    }
    return slot.resolved
  }
}

/// What a place in the JSON being built holds: a value, or a container still being filled.
private enum JSONValueSlot {
  case value(JSONValue)
  case object(ObjectBox)
  case array(ArrayBox)
  case encoder(ValueEncoder)

  final class ObjectBox {
    var fields: [String: JSONValueSlot] = [:]
  }

  final class ArrayBox {
    var items: [JSONValueSlot] = []
  }

  var resolved: JSONValue {
    switch self {
    case .value(let value): value
    case .object(let box): .object(box.fields.mapValues(\.resolved))
    case .array(let box): .array(box.items.map(\.resolved))
    case .encoder(let encoder): encoder.slot?.resolved ?? .object([:])
    }
  }

  /// `value` encoded at `path`; a value that encodes nothing is an empty object.
  static func encode<Value: Encodable>(
    _ value: Value, at path: @autoclosure () -> JSONCodingPath
  ) throws
    -> JSONValueSlot
  {
    try encodeIfAny(value, at: path()) ?? .object(ObjectBox())
  }

  /// `value` encoded at `path`, or `nil` when it encodes nothing.
  static func encodeIfAny<Value: Encodable>(
    _ value: Value, at path: @autoclosure () -> JSONCodingPath
  ) throws
    -> JSONValueSlot?
  {
    // Compared by type, which costs less than a cast of every value.
    if Value.self == JSONValue.self, let json = value as? JSONValue { return .value(json) }
    if Value.self == Data.self, let data = value as? Data {
      return .value(.string(data.base64EncodedString()))
    }
    if Value.self == URL.self, let url = value as? URL {
      return .value(.string(url.absoluteString))
    }
    if Value.self == Decimal.self, let decimal = value as? Decimal {
      return .value(.number(NSDecimalNumber(decimal: decimal).doubleValue))
    }
    let encoder = ValueEncoder(path: path())
    try value.encode(to: encoder)
    return encoder.slot
  }

  static func number(_ value: Double, at path: @autoclosure () -> JSONCodingPath) throws
    -> JSONValueSlot
  {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path().keys, debugDescription: "\(value) is not a number JSON can hold."))
    }
    return .value(.number(value))
  }

  static func number(_ value: Float, at path: @autoclosure () -> JSONCodingPath) throws
    -> JSONValueSlot
  {
    // The shortest digits that read back as the same Float, as JSONEncoder writes them.
    try number(value.isFinite ? Double("\(value)") ?? Double(value) : Double(value), at: path())
  }
}

/// The encoder a value's `encode(to:)` writes to.
private final class ValueEncoder: Encoder {
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var slot: JSONValueSlot?

  init(path: JSONCodingPath) {
    self.path = path
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: JSONValueSlot.ObjectBox
    if case .object(let existing)? = slot {
      box = existing
    } else {
      box = JSONValueSlot.ObjectBox()
      slot = .object(box)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(box: box, path: path))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: JSONValueSlot.ArrayBox
    if case .array(let existing)? = slot {
      box = existing
    } else {
      box = JSONValueSlot.ArrayBox()
      slot = .array(box)
    }
    return UnkeyedContainer(box: box, path: path)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(encoder: self)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: JSONValueSlot.ObjectBox
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }

  private func set(_ slot: JSONValueSlot, _ key: Key) {
    box.fields[key.stringValue] = slot
  }

  mutating func encodeNil(forKey key: Key) throws { set(.value(.null), key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.value(.bool(value)), key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    set(.value(.string(value)), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try .number(value, at: path.appending(key)), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try .number(value, at: path.appending(key)), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(.value(.number(Double(value))), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(try .encode(value, at: path.appending(key)), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = JSONValueSlot.ObjectBox()
    set(.object(nested), key)
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(box: nested, path: path.appending(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = JSONValueSlot.ArrayBox()
    set(.array(nested), key)
    return UnkeyedContainer(box: nested, path: path.appending(key))
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: JSONTreeKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key)
  }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let encoder = ValueEncoder(path: path.appending(key))
    box.fields[key.stringValue] = .encoder(encoder)
    return encoder
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let box: JSONValueSlot.ArrayBox
  let path: JSONCodingPath
  var codingPath: [any CodingKey] { path.keys }
  var count: Int { box.items.count }

  private var nextPath: JSONCodingPath { path.appending(JSONTreeKey.index(box.items.count)) }
  private func append(_ slot: JSONValueSlot) { box.items.append(slot) }

  mutating func encodeNil() throws { append(.value(.null)) }
  mutating func encode(_ value: Bool) throws { append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { append(.value(.string(value))) }
  mutating func encode(_ value: Double) throws { append(try .number(value, at: nextPath)) }
  mutating func encode(_ value: Float) throws { append(try .number(value, at: nextPath)) }
  mutating func encode(_ value: Int) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int8) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int16) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int32) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int64) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt8) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt16) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt32) throws { append(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt64) throws { append(.value(.number(Double(value)))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    append(try .encode(value, at: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = JSONValueSlot.ObjectBox()
    let path = nextPath
    append(.object(nested))
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, path: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = JSONValueSlot.ArrayBox()
    let path = nextPath
    append(.array(nested))
    return UnkeyedContainer(box: nested, path: path)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = ValueEncoder(path: nextPath)
    append(.encoder(encoder))
    return encoder
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  private var path: JSONCodingPath { encoder.path }

  private func set(_ slot: JSONValueSlot) { encoder.slot = slot }

  mutating func encodeNil() throws { set(.value(.null)) }
  mutating func encode(_ value: Bool) throws { set(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { set(.value(.string(value))) }
  mutating func encode(_ value: Double) throws { set(try .number(value, at: path)) }
  mutating func encode(_ value: Float) throws { set(try .number(value, at: path)) }
  mutating func encode(_ value: Int) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int8) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int16) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int32) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: Int64) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt8) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt16) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt32) throws { set(.value(.number(Double(value)))) }
  mutating func encode(_ value: UInt64) throws { set(.value(.number(Double(value)))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    set(try .encode(value, at: path))
  }
}
