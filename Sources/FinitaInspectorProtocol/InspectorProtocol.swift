import FinitaJSON
import Foundation

/// The inspector's wire format: one JSON object per WebSocket text message.
///
/// ```swift
/// let text = try InspectorProtocol.encode(InspectorEnvelope(.dropped(.init(count: 3, total: 3))))
/// let envelope = try InspectorProtocol.decode(text)
/// ```
public enum InspectorProtocol {
  /// The protocol version this build writes and reads.
  public static let version = 1

  /// The largest message either side accepts: 1 MiB of UTF-8.
  public static let maximumMessageSize = 1 << 20

  /// Writes a message as JSON text.
  ///
  /// - Parameter envelope: The message.
  /// - Returns: One line of JSON.
  /// - Throws: ``InspectorProtocolError/malformed(_:)`` when a value cannot be encoded (a number
  ///   that is not finite).
  public static func encode(_ envelope: InspectorEnvelope) throws(InspectorProtocolError) -> String
  {
    do {
      return JSONWriter.write(try JSONValueEncoder().encode(envelope))
    } catch {
      throw .malformed("the message does not encode: \(error)")
    }
  }

  /// Reads a message, checking its size and version first.
  ///
  /// - Parameter text: The message's text.
  /// - Returns: The message.
  /// - Throws: ``InspectorProtocolError`` when the text is over 1 MiB, is not JSON, has another
  ///   version, or does not have the fields of its type.
  public static func decode(_ text: String) throws(InspectorProtocolError) -> InspectorEnvelope {
    let size = text.utf8.count
    guard size <= maximumMessageSize else { throw .tooLarge(size) }
    let json: JSONValue
    do {
      json = try JSONValue(reading: text)
    } catch {
      throw .malformed("the text is not JSON: \(error)")
    }
    guard case .object(let fields) = json else {
      throw .malformed("the message is \(Self.kind(of: json)), not a JSON object")
    }
    guard let versionField = fields["v"], versionField != .null else {
      throw .malformed(
        "the message has no \"v\" (the protocol version); send \"v\":\(Self.version)")
    }
    guard case .number(let number) = versionField, let version = Int(exactly: number) else {
      throw .malformed("at v: expected an integer, the protocol version (\(Self.version))")
    }
    guard version == Self.version else { throw .unsupportedVersion(version) }
    do {
      return try JSONValueDecoder().decode(InspectorEnvelope.self, from: json)
    } catch {
      throw .malformed(describe(error))
    }
  }

  /// Describes a decoding error with the path of the field it is about.
  ///
  /// - Parameter error: The error `JSONDecoder` threw.
  /// - Returns: One sentence.
  public static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func trimmed(_ text: String) -> String {
      text.hasSuffix(".") ? String(text.dropLast()) : text
    }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "at the top level" : "at \(keys.joined(separator: "."))"
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context)): expected \(type) (\(trimmed(context.debugDescription)))"
    case .valueNotFound(let type, let context):
      return "\(path(context)): a \(type) is missing (\(trimmed(context.debugDescription)))"
    case .keyNotFound(let key, let context):
      return "\(path(context)): the key \"\(key.stringValue)\" is missing"
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      return "\(path(context)): \(trimmed(context.debugDescription))\(underlying)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func kind(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
