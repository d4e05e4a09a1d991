import FinitaInspectorProtocol
import Foundation

enum ValueEncoding {
  /// The value as JSON when its type is `Encodable` and it encodes; otherwise `nil`.
  static func json(_ value: Any?) -> JSONValue? {
    guard let value, let encodable = value as? any Encodable else { return nil }
    return try? JSONValueEncoder().encode(encodable)
  }

  static func data(_ value: JSONValue) -> Data {
    // A JSONValue always encodes: its numbers are finite, they came from JSON.
    (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
  }
}
