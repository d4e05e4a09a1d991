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
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(envelope), as: UTF8.self)
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
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    let peek: VersionPeek
    do {
      peek = try decoder.decode(VersionPeek.self, from: data)
    } catch {
      throw .malformed(describe(error))
    }
    guard let version = peek.v else {
      throw .malformed(
        "the message has no \"v\" (the protocol version); send \"v\":\(Self.version)")
    }
    guard version == Self.version else { throw .unsupportedVersion(version) }
    do {
      return try decoder.decode(InspectorEnvelope.self, from: data)
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

  private struct VersionPeek: Decodable {
    var v: Int?
  }
}
