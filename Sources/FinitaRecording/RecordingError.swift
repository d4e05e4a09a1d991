/// Why a recording could not be saved or read: what is wrong, on which line and under which key,
/// and how to fix it. Nothing is returned when reading fails.
///
/// Compare with the static members to tell the kinds apart:
///
/// ```swift
/// do { _ = try Recording<Counter>(jsonLines: data) } catch {
///   if error == .truncated { print("the upload was cut short") }
///   print(error)  // "line 7: the file ends in the middle of a line ..."
/// }
/// ```
public struct RecordingError: Error, Equatable, CustomStringConvertible {
  enum Kind: Equatable {
    case emptyFile, truncated, notJSON, unsupportedVersion, wrongFeatureType, invalidValue
    case stepsOutOfOrder, encodingFailed
  }

  let kind: Kind
  /// The 1-based line the problem is on, when it is on one.
  public let line: Int?
  /// The key of the value that is wrong, as a path such as `state.items[2].title`, when there is
  /// one.
  public let key: String?
  /// What is wrong, where, and how to fix it.
  public let description: String

  init(_ kind: Kind, line: Int? = nil, key: String? = nil, _ message: String) {
    self.kind = kind
    self.line = line
    self.key = key
    var place = ""
    if let line { place = "line \(line)" }
    if let key { place += (place.isEmpty ? "" : ", ") + "key \"\(key)\"" }
    description = place.isEmpty ? message : "\(place): \(message)"
  }

  /// The file is empty: a recording starts with a header line.
  public static var emptyFile: Self { Self(.emptyFile, "The file is empty.") }
  /// The file ends in the middle of a line, or has fewer steps than its header announces.
  public static var truncated: Self { Self(.truncated, "The file is truncated.") }
  /// A line is not a JSON object.
  public static var notJSON: Self { Self(.notJSON, "A line is not a JSON object.") }
  /// The file was written with a recording format version this module does not read.
  public static var unsupportedVersion: Self {
    Self(.unsupportedVersion, "The recording format version is not supported.")
  }
  /// The file is the recording of another feature type.
  public static var wrongFeatureType: Self {
    Self(.wrongFeatureType, "The recording is of another feature type.")
  }
  /// A value is missing, or does not decode as its type.
  public static var invalidValue: Self { Self(.invalidValue, "A value does not decode.") }
  /// The step numbers do not increase: lines were reordered or duplicated.
  public static var stepsOutOfOrder: Self {
    Self(.stepsOutOfOrder, "The steps are out of order.")
  }
  /// A value could not be encoded.
  public static var encodingFailed: Self { Self(.encodingFailed, "A value does not encode.") }

  /// Whether two errors are of the same kind; lines, keys and descriptions are not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when both are of the same kind.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
}

/// Describes where a decoding error happened and what it is, for messages.
func explain(_ error: any Error) -> (key: String?, message: String) {
  guard let error = error as? DecodingError else { return (nil, "\(error)") }
  func path(_ codingPath: [any CodingKey]) -> String? {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? nil : text
  }
  switch error {
  case .typeMismatch(let type, let context):
    return (
      path(context.codingPath), "expected a value of type \(type): \(context.debugDescription)"
    )
  case .valueNotFound(let type, let context):
    return (path(context.codingPath), "expected a value of type \(type) but found null")
  case .keyNotFound(let key, let context):
    return (
      path(context.codingPath + [key]), "the key is missing; add it or raise the format version"
    )
  case .dataCorrupted(let context):
    return (path(context.codingPath), context.debugDescription)
  @unknown default:
    return (nil, "\(error)")
  }
}
