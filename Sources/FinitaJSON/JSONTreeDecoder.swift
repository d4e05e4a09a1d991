import Foundation

/// Decodes a value from a ``JSONValue`` tree with the rules of `JSONDecoder`'s default strategies
/// (`Data` as Base64, `Date` through its own `Decodable` conformance, `URL` as a string,
/// `Decimal` as a number), keeping the coding path.
///
/// Foundation's decoder reports a number that does not fit its field (`7.5` or `1e400` for an
/// `Int`) without a path; decoding again with this decoder finds where it is.
package struct JSONTreeDecoder: Decoder {
  let value: JSONValue
  package let codingPath: [any CodingKey]
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Decodes a value of the given type from a tree.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - value: The JSON value.
  ///   - codingPath: The path of `value` in the document.
  /// - Returns: The decoded value.
  /// - Throws: A `DecodingError` with the path of the offending value.
  package static func decode<T: Decodable>(
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

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    guard case .object(let object) = value else {
      throw Self.mismatch([String: Any].self, value, at: codingPath)
    }
    return KeyedDecodingContainer(JSONTreeKeyedContainer<Key>(object: object, path: codingPath))
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw Self.mismatch([Any].self, value, at: codingPath)
    }
    return JSONTreeUnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
  package func decodeNil() -> Bool {
    if case .null = value { true } else { false }
  }

  package func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = value else { throw Self.mismatch(type, value, at: codingPath) }
    return flag
  }

  package func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value else { throw Self.mismatch(type, value, at: codingPath) }
    return text
  }

  package func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  package func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  package func decode<T: Decodable>(_ type: T.Type) throws -> T {
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
