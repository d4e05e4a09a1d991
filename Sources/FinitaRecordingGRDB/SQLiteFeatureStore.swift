#if SQLite
  import Finita
  import FinitaRecording
  import FinitaRedux
  import Foundation
  import GRDB

  /// Keeps the snapshots and recordings of many features in one SQLite database file, on
  /// GRDB.swift.
  ///
  /// ```swift
  /// let store = try SQLiteFeatureStore(path: appSupport.appendingPathComponent("finita.sqlite").path)
  /// let persistence = StatePersistence<Cart.State>(version: 2)
  /// try persistence.save(cart.state, to: store, key: "cart")
  /// let restored = try persistence.restore(from: store, key: "cart")  // errors as with files
  ///
  /// try store.saveRecording(recorder.recording(of: Cart.self)!, key: "cart/session-42")
  /// let recording = try store.recording(of: Cart.self, key: "cart/session-42")
  /// ```
  ///
  /// Saved states go through `SnapshotStore`, so `StatePersistence` versions, migrates and checks
  /// them exactly as with `FileSnapshotStore`, and a bad one gives the same `PersistenceError`
  /// (write `FinitaRedux.PersistenceError` where GRDB is imported: GRDB has a type of that name). A
  /// recording is kept as its JSON Lines, with its feature name, type and step count beside it;
  /// reading it back validates it as `Recording(jsonLines:)` does and throws the same
  /// `RecordingError`, naming the line.
  ///
  /// Each write is one SQLite transaction: a process killed in the middle leaves the old or the
  /// new value, never a torn one. The database is opened in WAL mode when it is a file, so reads
  /// do not wait for writes.
  public final class SQLiteFeatureStore: SnapshotStore {
    /// The database, for your own queries or to share one connection pool with the app.
    public let database: any DatabaseWriter

    /// Opens (or creates) the database file at `path` and prepares its tables.
    ///
    /// - Parameter path: The database file's path.
    /// - Throws: A `PersistenceError` (`PersistenceError.storeFailed`) when the file cannot be opened
    ///   or is not a SQLite database.
    public convenience init(path: String) throws(FinitaRedux.PersistenceError) {
      let pool: DatabasePool
      do {
        pool = try DatabasePool(path: path)
      } catch {
        throw FinitaRedux.PersistenceError(
          .storeFailed,
          "Could not open the database \(path): \(error). Check that the path is a SQLite file "
            + "this process may write, or give a new path.")
      }
      try self.init(database: pool, name: path)
    }

    /// Uses a database you opened; its tables are created if needed.
    ///
    /// - Parameter database: A `DatabaseQueue` (also in memory: `DatabaseQueue()`) or
    ///   `DatabasePool`.
    /// - Throws: A `PersistenceError` (`PersistenceError.storeFailed`) when the tables cannot be
    ///   prepared.
    public convenience init(database: any DatabaseWriter) throws(FinitaRedux.PersistenceError) {
      try self.init(database: database, name: "the database")
    }

    private init(database: any DatabaseWriter, name: String) throws(FinitaRedux.PersistenceError) {
      self.database = database
      var migrator = DatabaseMigrator()
      migrator.registerMigration("finita-v1") { db in
        try db.create(table: "finitaSnapshot") { table in
          table.primaryKey("key", .text)
          table.column("data", .blob).notNull()
          table.column("savedAt", .datetime).notNull()
        }
        try db.create(table: "finitaRecording") { table in
          table.primaryKey("key", .text)
          table.column("featureName", .text)
          table.column("typeName", .text).notNull()
          table.column("stepCount", .integer).notNull()
          table.column("data", .blob).notNull()
          table.column("savedAt", .datetime).notNull()
        }
      }
      do {
        try migrator.migrate(database)
      } catch {
        throw FinitaRedux.PersistenceError(
          .storeFailed,
          "Could not prepare the tables of \(name): \(error). Is it a SQLite database this "
            + "version of Finita created?")
      }
    }

    // MARK: - Snapshots

    /// Replaces the snapshot for `key` in one transaction.
    ///
    /// - Parameters:
    ///   - data: The snapshot.
    ///   - key: Which snapshot.
    public func write(_ data: Data, for key: String) throws {
      try database.write { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO finitaSnapshot (key, data, savedAt) VALUES (?, ?, ?)",
          arguments: [key, data, Date()])
      }
    }

    /// The snapshot for `key`, or `nil` when there is none.
    ///
    /// - Parameter key: Which snapshot.
    /// - Returns: The data.
    public func read(for key: String) throws -> Data? {
      try database.read { db in
        try Data.fetchOne(
          db, sql: "SELECT data FROM finitaSnapshot WHERE key = ?", arguments: [key])
      }
    }

    /// Deletes the snapshot for `key`, if any.
    ///
    /// - Parameter key: Which snapshot.
    public func remove(for key: String) throws {
      try database.write { db in
        try db.execute(sql: "DELETE FROM finitaSnapshot WHERE key = ?", arguments: [key])
      }
    }

    /// The keys of the snapshots kept, sorted.
    ///
    /// - Returns: The keys.
    public func snapshotKeys() throws -> [String] {
      try database.read { db in
        try String.fetchAll(db, sql: "SELECT key FROM finitaSnapshot ORDER BY key")
      }
    }
  }
#endif  // SQLite
