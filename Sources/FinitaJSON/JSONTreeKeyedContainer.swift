import Foundation

/// The members of a JSON object, decoded by key.
struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
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
    JSONTreeDecoder(
      value: object.members["super"] ?? .null, codingPath: path + [JSONTreeKey.super])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONTreeDecoder(value: object.members[key.stringValue] ?? .null, codingPath: path + [key])
  }
}
