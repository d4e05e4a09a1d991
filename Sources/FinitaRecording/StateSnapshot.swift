import Finita
import Foundation

/// How the state of any feature is saved and restored, as MVICore's TimeCapsule does: a
/// versioned JSON envelope, a migration from older versions and a hook that resets transient
/// fields.
///
/// ```swift
/// let snapshot = StateSnapshot<Catalog.State>(version: 2) { state in
///   state.isLoading = false  // a restored feature is never in the middle of a request
/// }
/// try snapshot.save(feature.state, to: store, key: "catalog")
/// // ... next launch:
/// let saved = try snapshot.restore(from: store, key: "catalog")
/// let feature = Feature(initialState: saved ?? .init(), definition: Catalog())
/// ```
///
/// The saved form is `{"state":{...},"version":2}`, the envelope of FinitaRedux's
/// `StatePersistence`, so one saved file can be read by either.
public struct StateSnapshot<State: Codable & Sendable>: Sendable {
  /// The version written into snapshots, and the one read without migration.
  public let version: Int
  private let resetTransient: @Sendable (inout State) -> Void
  private let migrate: (@Sendable (_ savedVersion: Int, _ state: Data) throws -> State)?

  /// Creates a snapshot format.
  ///
  /// - Parameters:
  ///   - version: The version of the state's shape; raise it when the shape changes.
  ///   - resetTransient: Resets fields that must not survive a restart (loading flags, errors),
  ///     applied to every restored state.
  ///   - migrate: Reads a state saved with another version, given that version and the saved
  ///     state's JSON; throw to reject it. `nil` rejects every other version.
  public init(
    version: Int = 1,
    resetTransient: @escaping @Sendable (_ state: inout State) -> Void = { _ in },
    migrate: (@Sendable (_ savedVersion: Int, _ state: Data) throws -> State)? = nil
  ) {
    self.version = version
    self.resetTransient = resetTransient
    self.migrate = migrate
  }

  /// Encodes a state in the saved form.
  ///
  /// - Parameter state: The state.
  /// - Returns: The JSON data.
  /// - Throws: ``SnapshotError/encodingFailed`` when the state does not encode.
  public func encode(_ state: State) throws(SnapshotError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(Envelope(version: version, state: state))
    } catch {
      let (key, message) = explain(error)
      throw SnapshotError(
        .encodingFailed, key: key.map { "state." + $0 },
        "the state of type \(State.self) does not encode (\(message)); make every stored "
          + "property Codable")
    }
  }

  /// Decodes a snapshot, migrates it when it has another version, and resets its transient
  /// fields.
  ///
  /// - Parameter data: Data made by ``encode(_:)``, possibly by an older version of the app.
  /// - Returns: The restored state.
  /// - Throws: A ``SnapshotError`` naming the key and what is wrong.
  public func decode(_ data: Data) throws(SnapshotError) -> State {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw SnapshotError(
        .corruptData,
        "the data is not JSON (\(data.count) bytes); it was not written by StateSnapshot or was "
          + "damaged, so delete it and start from a fresh state")
    }
    guard let envelope = object as? [String: Any] else {
      throw SnapshotError(
        .corruptData, "the data is JSON but not an object with \"version\" and \"state\"")
    }
    guard let versionValue = envelope["version"] else {
      throw SnapshotError(.corruptData, key: "version", "the key is missing")
    }
    guard let savedVersion = try? JSONDecoder().decode(VersionPeek.self, from: data).version
    else {
      throw SnapshotError(
        .corruptData, key: "version", "expected an integer version, found \(versionValue)")
    }
    guard let stateValue = envelope["state"] else {
      throw SnapshotError(.corruptData, key: "state", "the key is missing")
    }
    var state: State
    if savedVersion == version {
      do {
        state = try JSONDecoder().decode(Envelope<State>.self, from: data).state
      } catch {
        let (key, message) = explain(error)
        throw SnapshotError(
          .incompatibleState, key: key,
          "\(message); the state's shape changed without raising the version, so raise it and "
            + "add a migration")
      }
    } else {
      guard let migrate else {
        throw SnapshotError(
          .unsupportedVersion, key: "version",
          "the snapshot has version \(savedVersion), this app reads version \(version); pass "
            + "a migrate closure to StateSnapshot to read it")
      }
      do {
        let stateData = try JSONSerialization.data(
          withJSONObject: stateValue, options: [.fragmentsAllowed])
        state = try migrate(savedVersion, stateData)
      } catch {
        let (key, message) = explain(error)
        throw SnapshotError(
          .incompatibleState, key: key.map { "state." + $0 },
          "the migration from version \(savedVersion) failed: \(message)")
      }
    }
    resetTransient(&state)
    return state
  }

  /// Saves a state in a store.
  ///
  /// - Parameters:
  ///   - state: The state, for example `feature.state`.
  ///   - store: Where to save it.
  ///   - key: Which snapshot: one per feature.
  /// - Throws: A ``SnapshotError`` when the state does not encode or the store fails.
  public func save(_ state: State, to store: some SnapshotStore, key: String)
    throws(SnapshotError)
  {
    let data = try encode(state)
    do {
      try store.write(data, for: key)
    } catch {
      throw SnapshotError(.storeFailed, "could not save the snapshot \"\(key)\": \(error)")
    }
  }

  /// Restores a state from a store.
  ///
  /// - Parameters:
  ///   - store: Where it was saved.
  ///   - key: Which snapshot.
  /// - Returns: The state, or `nil` when there is no snapshot for `key`.
  /// - Throws: A ``SnapshotError`` when the snapshot does not decode or the store fails; your
  ///   feature keeps its state since nothing is returned.
  public func restore(from store: some SnapshotStore, key: String) throws(SnapshotError) -> State? {
    let data: Data?
    do {
      data = try store.read(for: key)
    } catch {
      throw SnapshotError(.storeFailed, "could not read the snapshot \"\(key)\": \(error)")
    }
    guard let data else { return nil }
    return try decode(data)
  }
}

private struct VersionPeek: Decodable {
  var version: Int
}

private struct Envelope<State: Codable>: Codable {
  var version: Int
  var state: State
}
