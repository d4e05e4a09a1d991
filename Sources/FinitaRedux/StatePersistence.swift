import FinitaJSON
import Foundation

/// How a state is saved and restored: a versioned JSON envelope, an optional migration from
/// older versions, and a hook that resets transient fields on restore.
///
/// It is Finita's one saved-state format, for a `Store` and for any feature: a store saves with
/// ``Store/save(with:)`` and restores with ``Store/restore(from:with:)``; a feature's state is
/// encoded with ``encode(_:)`` and decoded with ``decode(_:)``, or, with FinitaRecording, saved
/// under a key in a snapshot store (files, memory, SQLite).
///
/// ```swift
/// let persistence = StatePersistence<Catalog>(version: 2) { state in
///   state.isLoading = false  // a restored store is never in the middle of a request
/// }
/// let data = try store.save(with: persistence)
/// // ... next launch:
/// do { try store.restore(from: data, with: persistence) } catch { print(error) }
/// ```
///
/// The saved form is `{"version": 2, "state": {...}}`. When you change the shape of the state,
/// raise ``version`` and pass a `migrate` closure that reads the older forms; without one, an old
/// saved state fails with ``PersistenceError/unsupportedVersion`` and the store keeps its state.
/// Every failure is a ``PersistenceError`` that says what is wrong, at which ``PersistenceError/key``,
/// and how to fix it.
public struct StatePersistence<State: Codable & Sendable>: Sendable {
  /// The version written into saved states, and the one read without migration.
  public let version: Int
  private let resetTransient: @Sendable (inout State) -> Void
  private let migrate: (@Sendable (_ savedVersion: Int, _ state: Data) throws -> State)?

  /// Creates a persistence format.
  ///
  /// - Parameters:
  ///   - version: The version of the state's shape; raise it when the shape changes.
  ///   - resetTransient: Resets fields that must not survive a restart (loading flags, errors,
  ///     selections), applied to every restored state.
  ///   - migrate: Reads a state saved with another version, given that version and the saved
  ///     state's JSON; throw to reject it. `nil` rejects every other version.
  public init(
    version: Int = 1,
    resetTransient: @escaping @Sendable (_ state: inout State) -> Void = { _ in },
    migrate: (@Sendable (_ savedVersion: Int, _ state: Data) throws -> State)? = nil
  ) {
    self.version = version
    self.migrate = migrate
    self.resetTransient = resetTransient
  }

  /// Encodes a state in the saved form.
  ///
  /// - Parameter state: The state to save.
  /// - Returns: The JSON data.
  /// - Throws: ``PersistenceError/encodingFailed`` when the state does not encode.
  public func encode(_ state: State) throws(PersistenceError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(Envelope(version: version, state: state))
    } catch {
      throw PersistenceError(
        .encodingFailed, key: Self.key(of: error),
        Self.sentences(
          "Could not save the state of type \(State.self): \(Self.explain(error))",
          "Make every stored property Codable, or give the type a custom encode(to:)"))
    }
  }

  /// Decodes a saved state, migrates it when it has another version, and resets its transient
  /// fields.
  ///
  /// - Parameter data: Data made by ``encode(_:)``, possibly by an older version of the app.
  /// - Returns: The restored state.
  /// - Throws: A ``PersistenceError`` that says what is wrong, where, and how to fix it.
  public func decode(_ data: Data) throws(PersistenceError) -> State {
    let document = try readDocument(data)
    let savedVersion = try readVersion(document)
    var state: State
    if savedVersion == version {
      state = try decodeCurrent(data, document)
    } else {
      state = try migrated(data, document, from: savedVersion)
    }
    resetTransient(&state)
    return state
  }

  // MARK: - Steps

  private struct Envelope<Content: Codable>: Codable {
    let version: Int
    let state: Content
  }

  private static var discardAdvice: String {
    "It may be truncated, damaged or from another file; discard it and start from the initial state"
  }

  private static var envelopeAdvice: String {
    """
    Save with StatePersistence.encode(_:) or Store.save(with:), which write \
    {"version": N, "state": ...}; data written by other code can be read with a custom decoder \
    or discarded
    """
  }

  /// Checks that the whole document is JSON, including the UTF-8 inside its strings, before
  /// anything is read from it.
  private func readDocument(_ data: Data) throws(PersistenceError) -> JSONValue {
    do {
      return try JSONReader.read(data)
    } catch {
      throw PersistenceError(
        .corruptData,
        Self.sentences(
          """
          The saved data (\(data.count) bytes) is not a JSON object: it is not valid JSON at \
          \(error.location): \(error.reason)
          """,
          Self.discardAdvice))
    }
  }

  private func readVersion(_ document: JSONValue) throws(PersistenceError) -> Int {
    guard case .object(let envelope) = document else {
      throw PersistenceError(
        .corruptData,
        Self.sentences(
          "The saved data is JSON but not a JSON object: its top level is \(document.summary)",
          Self.envelopeAdvice))
    }
    guard let saved = envelope.members["version"] else {
      throw PersistenceError(
        .corruptData, key: "version",
        Self.sentences(
          "The saved data is JSON but not a saved state: the top-level key \"version\" is missing",
          Self.envelopeAdvice))
    }
    if case .number(let literal) = saved, let version = JSONNumber.integer(literal, as: Int.self) {
      return version
    }
    let found: String
    switch saved {
    case .null: found = "is null"
    case .number: found = "is \(saved.summary), which is not an integer that fits in Int"
    default: found = "is \(saved.summary), not an integer"
    }
    throw PersistenceError(
      .corruptData, key: "version",
      Self.sentences(
        "The saved data is not a valid saved state: at version, the version \(found)",
        """
        StatePersistence writes the version as an integer, as in {"version": \(version), ...}; \
        the data was edited or written by other code. Correct the version or discard the data
        """))
  }

  private func decodeCurrent(
    _ data: Data, _ document: JSONValue
  ) throws(PersistenceError) -> State {
    do {
      return try JSONDecoder().decode(Envelope<State>.self, from: data).state
    } catch {
      let located = Self.locate(error, in: document)
      throw PersistenceError(
        .incompatibleState, key: Self.key(of: located),
        Self.sentences(
          """
          The saved state (version \(version)) does not decode as \(State.self): \
          \(Self.explain(located))
          """,
          """
          If the shape of \(State.self) changed, raise the version of StatePersistence and read \
          the old shape in `migrate`; otherwise the data was edited and should be discarded
          """))
    }
  }

  /// Foundation reports some errors without a path: a number that does not fit its field (`7.5`
  /// or `1e400` for an `Int`). Decoding the state again from the already read document, with a
  /// decoder that follows the path, finds where the error is.
  private static func locate(_ error: any Error, in document: JSONValue) -> any Error {
    guard case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
      case .object(let envelope) = document, let saved = envelope.members["state"]
    else { return error }
    do {
      let stateKey = JSONTreeKey(stringValue: "state")
      _ = try JSONTreeDecoder.decode(State.self, from: saved, at: [stateKey])
    } catch let located as DecodingError {
      if let context = located.context, !context.codingPath.isEmpty { return located }
    } catch {}
    return error
  }

  private func migrated(
    _ data: Data, _ document: JSONValue, from savedVersion: Int
  ) throws(PersistenceError) -> State {
    guard let migrate else {
      let advice =
        savedVersion < version
        ? "Pass `migrate:` to StatePersistence to read version \(savedVersion), or discard it."
        : "It was saved by a newer version of the app; discard it or update the app."
      throw PersistenceError(
        .unsupportedVersion, key: "version",
        """
        The state was saved with version \(savedVersion), but this store reads version \
        \(version) of \(State.self). \(advice)
        """
      )
    }
    // The migration receives the saved state's own bytes, so numbers keep their exact text.
    var json = Data("null".utf8)
    if case .object(let envelope) = document, let range = envelope.ranges["state"] {
      let start = data.startIndex
      json = Data(data[(start + range.lowerBound)..<(start + range.upperBound)])
    }
    do {
      return try migrate(savedVersion, json)
    } catch {
      // The migration decodes the saved state alone: its paths start inside "state".
      throw PersistenceError(
        .unsupportedVersion, key: Self.key(of: error, under: JSONTreeKey(stringValue: "state")),
        Self.sentences(
          """
          The migration from version \(savedVersion) to \(version) of \(State.self) failed: \
          \(Self.explain(error))
          """,
          "Fix the `migrate` closure of StatePersistence, or discard the saved state"))
    }
  }

  /// Joins sentences with one full stop between them, whether or not a part already ends with
  /// one (Foundation's descriptions do), so that a message never shows "..".
  private static func sentences(_ parts: String...) -> String {
    parts.map { part in
      var text = Substring(part)
      while let last = text.last, last == "." || last.isWhitespace { text = text.dropLast() }
      return text + "."
    }
    .joined(separator: " ")
  }

  /// A readable account of a coding error: the path to the offending value and the reason.
  private static func explain(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      let parent = path(context.codingPath)
      return "the key \"\(key.stringValue)\" is missing at \(parent)"
    case DecodingError.typeMismatch(let type, let context):
      return "at \(path(context.codingPath)), expected \(type): \(context.debugDescription)"
    case DecodingError.valueNotFound(let type, let context):
      return "at \(path(context.codingPath)), expected \(type) but found null"
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      var text = "Foundation's decoder reports, without a path: \(context.debugDescription)"
      if let underlying = context.underlyingError { text += " (\(underlying))" }
      return text
    case DecodingError.dataCorrupted(let context):
      var text = "at \(path(context.codingPath)), \(context.debugDescription)"
      if let underlying = context.underlyingError { text += " (\(underlying))" }
      return text
    case EncodingError.invalidValue(let value, let context):
      return "at \(path(context.codingPath)), \(value) is invalid: \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }

  /// The path of the value a coding error is about, from the top of the saved data, or `nil`
  /// when the error names none.
  private static func key(of error: any Error, under parent: (any CodingKey)? = nil) -> String? {
    var codingPath: [any CodingKey] = parent.map { [$0] } ?? []
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      codingPath += context.codingPath + [key]
    case let error as DecodingError:
      codingPath += error.context?.codingPath ?? []
    case EncodingError.invalidValue(_, let context):
      codingPath += context.codingPath
    default:
      return nil
    }
    return codingPath.isEmpty ? nil : path(codingPath)
  }

  /// A coding path as written in code: `items[2].title`; a key that is not an identifier is
  /// quoted in brackets (`names["a.b"]`), so that the path is never ambiguous.
  private static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else if isIdentifier(key.stringValue) {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      } else {
        let escaped = key.stringValue.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }
        text += "[\"\(escaped.joined())\"]"
      }
    }
    return text
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
  }
}

extension DecodingError {
  /// The context of any kind of decoding error.
  fileprivate var context: Context? {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      context
    @unknown default:
      nil
    }
  }
}
