#if SQLite
  import Finita
  import FinitaRecording
  import FinitaRedux
  import Foundation
  import GRDB

  /// What the database keeps beside a recording, to list recordings without reading them.
  public struct StoredRecordingInfo: Sendable, Equatable {
    /// The key the recording was saved under.
    public let key: String
    /// The recorded feature's name (`FeatureConfiguration.name`), if it had one.
    public let featureName: String?
    /// The recorded definition's type name.
    public let typeName: String
    /// How many steps the recording has.
    public let stepCount: Int
  }

  extension SQLiteFeatureStore {
    /// Saves a recording as JSON Lines under `key`, replacing any recording saved under it.
    ///
    /// - Parameters:
    ///   - recording: The recording.
    ///   - key: Which recording, for example `"cart/session-42"`.
    /// - Throws: A `RecordingError` when a value does not encode, or a `PersistenceError`
    ///   (`PersistenceError.storeFailed`) when the database fails.
    public func saveRecording<Definition: FeatureDefinition>(
      _ recording: Recording<Definition>, key: String
    ) throws
    where
      Definition.State: Codable, Definition.Wish: Codable, Definition.Action: Codable,
      Definition.Effect: Codable, Definition.News: Codable
    {
      let data = try recording.jsonLines()
      do {
        try database.write { db in
          try db.execute(
            sql: """
              INSERT OR REPLACE INTO finitaRecording
                (key, featureName, typeName, stepCount, data, savedAt) VALUES (?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              key, recording.header.featureName, recording.header.typeName, recording.steps.count,
              data, Date(),
            ])
        }
      } catch {
        throw FinitaRedux.PersistenceError(
          .storeFailed, "Could not save the recording \"\(key)\": \(error).")
      }
    }

    /// Reads the recording saved under `key`.
    ///
    /// - Parameters:
    ///   - type: The recorded definition's type.
    ///   - key: Which recording.
    /// - Returns: The recording, or `nil` when none is saved under `key`.
    /// - Throws: The `RecordingError` of `Recording(jsonLines:)` (naming the line and what is
    ///   wrong) when the saved data is not a valid recording of `type`, or a `PersistenceError`
    ///   (`PersistenceError.storeFailed`) when the database fails.
    public func recording<Definition: FeatureDefinition>(
      of type: Definition.Type, key: String
    ) throws -> Recording<Definition>?
    where
      Definition.State: Codable, Definition.Wish: Codable, Definition.Action: Codable,
      Definition.Effect: Codable, Definition.News: Codable
    {
      let data: Data?
      do {
        data = try database.read { db in
          try Data.fetchOne(
            db, sql: "SELECT data FROM finitaRecording WHERE key = ?", arguments: [key])
        }
      } catch {
        throw FinitaRedux.PersistenceError(
          .storeFailed, "Could not read the recording \"\(key)\": \(error).")
      }
      guard let data else { return nil }
      return try Recording<Definition>(jsonLines: data)
    }

    /// The recordings kept, sorted by key, without reading their steps.
    ///
    /// - Returns: What is kept beside each recording.
    public func recordings() throws -> [StoredRecordingInfo] {
      try database.read { db in
        try Row.fetchAll(
          db, sql: "SELECT key, featureName, typeName, stepCount FROM finitaRecording ORDER BY key"
        ).map { row in
          StoredRecordingInfo(
            key: row["key"], featureName: row["featureName"], typeName: row["typeName"],
            stepCount: row["stepCount"])
        }
      }
    }

    /// Deletes the recording saved under `key`, if any.
    ///
    /// - Parameter key: Which recording.
    public func removeRecording(for key: String) throws {
      try database.write { db in
        try db.execute(sql: "DELETE FROM finitaRecording WHERE key = ?", arguments: [key])
      }
    }
  }
#endif  // SQLite
