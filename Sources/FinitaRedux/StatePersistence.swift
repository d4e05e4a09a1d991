import Foundation

/// How a store's state is saved and restored: a versioned JSON envelope, an optional migration
/// from older versions, and a hook that resets transient fields on restore.
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
        .encodingFailed,
        """
        Could not save the state of type \(State.self): \(Self.explain(error)). \
        Make every stored property Codable, or give the type a custom encode(to:).
        """
      )
    }
  }

  /// Decodes a saved state, migrates it when it has another version, and resets its transient
  /// fields.
  ///
  /// - Parameter data: Data made by ``encode(_:)``, possibly by an older version of the app.
  /// - Returns: The restored state.
  /// - Throws: A ``PersistenceError`` that says what is wrong, where, and how to fix it.
  public func decode(_ data: Data) throws(PersistenceError) -> State {
    let savedVersion = try readVersion(data)
    var state: State
    if savedVersion == version {
      state = try decodeCurrent(data)
    } else {
      state = try migrated(data, from: savedVersion)
    }
    resetTransient(&state)
    return state
  }

  // MARK: - Steps

  private struct Envelope<Content: Codable>: Codable {
    let version: Int
    let state: Content
  }

  private struct Header: Decodable {
    let version: Int?
  }

  private func readVersion(_ data: Data) throws(PersistenceError) -> Int {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      throw PersistenceError(
        .corruptData,
        """
        The saved data is not a JSON object (\(data.count) bytes): \(Self.explain(error)). \
        It may be truncated or from another file; discard it and start from the initial state.
        """
      )
    }
    guard let version = header.version else {
      throw PersistenceError(
        .corruptData,
        """
        The saved data is JSON but not a saved state: the top-level key "version" is missing. \
        Save with StatePersistence.encode(_:) or Store.save(with:), which write \
        {"version": N, "state": ...}; data written with JSONEncoder alone can be read with a \
        custom decoder or discarded.
        """
      )
    }
    return version
  }

  private func decodeCurrent(_ data: Data) throws(PersistenceError) -> State {
    do {
      return try JSONDecoder().decode(Envelope<State>.self, from: data).state
    } catch {
      throw PersistenceError(
        .incompatibleState,
        """
        The saved state (version \(version)) does not decode as \(State.self): \
        \(Self.explain(error)). If the shape of \(State.self) changed, raise the version of \
        StatePersistence and read the old shape in `migrate`; otherwise the data was edited \
        and should be discarded.
        """
      )
    }
  }

  private func migrated(_ data: Data, from savedVersion: Int) throws(PersistenceError) -> State {
    guard let migrate else {
      let advice =
        savedVersion < version
        ? "Pass `migrate:` to StatePersistence to read version \(savedVersion), or discard it."
        : "It was saved by a newer version of the app; discard it or update the app."
      throw PersistenceError(
        .unsupportedVersion,
        """
        The state was saved with version \(savedVersion), but this store reads version \
        \(version) of \(State.self). \(advice)
        """
      )
    }
    do {
      let envelope = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let saved = envelope?["state"] ?? NSNull()
      let json = try JSONSerialization.data(withJSONObject: saved, options: [.fragmentsAllowed])
      return try migrate(savedVersion, json)
    } catch {
      throw PersistenceError(
        .unsupportedVersion,
        """
        The migration from version \(savedVersion) to \(version) of \(State.self) failed: \
        \(Self.explain(error)). Fix the `migrate` closure of StatePersistence, or discard the \
        saved state.
        """
      )
    }
  }

  /// A readable account of a coding error: the path to the offending value and the reason.
  private static func explain(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let keys = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
      let joined = keys.joined()
      return joined.isEmpty ? "the top level" : String(joined.drop { $0 == "." })
    }
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      let parent = path(context.codingPath)
      return "the key \"\(key.stringValue)\" is missing at \(parent)"
    case DecodingError.typeMismatch(let type, let context):
      return "at \(path(context.codingPath)), expected \(type): \(context.debugDescription)"
    case DecodingError.valueNotFound(let type, let context):
      return "at \(path(context.codingPath)), expected \(type) but found null"
    case DecodingError.dataCorrupted(let context):
      var text = "at \(path(context.codingPath)): \(context.debugDescription)"
      if let underlying = context.underlyingError { text += " (\(underlying))" }
      return text
    case EncodingError.invalidValue(let value, let context):
      return "at \(path(context.codingPath)), \(value) is invalid: \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }
}
