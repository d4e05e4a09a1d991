import Foundation

/// The elements of a JSON array, decoded one after the other.
struct JSONTreeUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var currentPath: [any CodingKey] { codingPath + [JSONTreeKey.index(currentIndex)] }

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
