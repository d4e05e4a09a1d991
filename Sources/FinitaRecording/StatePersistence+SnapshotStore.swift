import FinitaRedux
import Foundation

// Saved state of any feature, kept under a key: the one saved-state format, in a snapshot store.
extension StatePersistence {
  /// Saves a state under `key` in a snapshot store, in the saved form of `encode(_:)`.
  ///
  /// ```swift
  /// let persistence = StatePersistence<Catalog.State>(version: 2) { state in
  ///   state.isLoading = false  // a restored feature is never in the middle of a request
  /// }
  /// try persistence.save(feature.state, to: FileSnapshotStore(directory: folder), key: "catalog")
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state, for example `feature.state`.
  ///   - store: Where to save it.
  ///   - key: Which saved state: one per feature.
  /// - Throws: `PersistenceError.encodingFailed` when the state does not encode,
  ///   `PersistenceError.storeFailed` when the store cannot write.
  public func save(_ state: State, to store: some SnapshotStore, key: String)
    throws(PersistenceError)
  {
    let data = try encode(state)
    do {
      try store.write(data, for: key)
    } catch {
      throw PersistenceError(
        .storeFailed,
        """
        Could not save the state "\(key)": \(error). Check that the store's place (a directory, \
        a database) exists and may be written.
        """)
    }
  }

  /// Restores the state saved under `key`, migrated and with its transient fields reset, as
  /// `decode(_:)` does.
  ///
  /// ```swift
  /// let saved = try persistence.restore(from: store, key: "catalog")
  /// let feature = Feature(initialState: saved ?? .init(), definition: Catalog())
  /// ```
  ///
  /// - Parameters:
  ///   - store: Where it was saved.
  ///   - key: Which saved state.
  /// - Returns: The state, or `nil` when nothing is saved under `key`.
  /// - Throws: A `PersistenceError` when the saved data does not decode, or
  ///   `PersistenceError.storeFailed` when the store cannot read; nothing is restored then.
  public func restore(from store: some SnapshotStore, key: String) throws(PersistenceError)
    -> State?
  {
    let data: Data?
    do {
      data = try store.read(for: key)
    } catch {
      throw PersistenceError(
        .storeFailed,
        """
        Could not read the state "\(key)": \(error). Check that the store's place (a directory, \
        a database) exists and may be read.
        """)
    }
    guard let data else { return nil }
    return try decode(data)
  }
}
