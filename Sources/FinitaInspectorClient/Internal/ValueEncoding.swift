#if Inspector
  import FinitaInspectorProtocol
  import Foundation

  enum ValueEncoding {
    /// The value as JSON when its type is `Encodable` and it encodes; otherwise `nil`.
    static func json(_ value: Any?) -> JSONValue? {
      guard let value, let encodable = value as? any Encodable else { return nil }
      return try? JSONValueEncoder().encode(encodable)
    }

    /// The value as JSON text, for `JSONDecoder` to decode a wish or a state from (it knows the
    /// app's types' encodings: `Data`, `URL`, `Decimal`) and for messages to quote.
    static func data(_ value: JSONValue) -> Data {
      Data(JSONWriter.write(value).utf8)
    }
  }
#endif  // Inspector
