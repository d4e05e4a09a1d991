/// A message the inspector or a client refuses.
///
/// ```swift
/// do {
///   _ = try InspectorProtocol.decode(text)
/// } catch let error where error.code == "tooLarge" {
///   // Send smaller messages.
/// }
/// ```
public struct InspectorProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case tooLarge(Int)
    case malformed(String)
    case unsupportedVersion(Int)
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The message is over ``InspectorProtocol/maximumMessageSize`` bytes.
  ///
  /// - Parameter size: Its size in bytes.
  public static func tooLarge(_ size: Int) -> Self { Self(.tooLarge(size)) }

  /// The message is not JSON, or lacks a field its type needs.
  ///
  /// - Parameter detail: What is wrong and where.
  public static func malformed(_ detail: String) -> Self { Self(.malformed(detail)) }

  /// The message is written in another protocol version.
  ///
  /// - Parameter version: The version it says.
  public static func unsupportedVersion(_ version: Int) -> Self {
    Self(.unsupportedVersion(version))
  }

  /// The code the error frame carries: `tooLarge`, `malformed` or `unsupportedVersion`.
  public var code: String {
    switch kind {
    case .tooLarge: "tooLarge"
    case .malformed: "malformed"
    case .unsupportedVersion: "unsupportedVersion"
    }
  }

  /// What went wrong and how to fix it.
  public var description: String {
    switch kind {
    case .tooLarge(let size):
      "The message is \(size) bytes, over the limit of \(InspectorProtocol.maximumMessageSize)"
        + " bytes; it was dropped. Send smaller states or fewer events per message."
    case .malformed(let detail):
      "The message is not a valid inspector message: \(detail). It was dropped."
    case .unsupportedVersion(let version):
      "The message is written in protocol version \(version), but this side speaks version"
        + " \(InspectorProtocol.version); it was dropped. Use a client and an inspector from the"
        + " same Finita release."
    }
  }

  /// The error as a frame to send back.
  public var frame: ErrorFrame { ErrorFrame(code: code, message: description) }
}
