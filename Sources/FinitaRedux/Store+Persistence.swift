import Foundation

extension Store where State: Codable {
  /// Saves the current state in the form `persistence` describes.
  ///
  /// - Parameter persistence: The format and version.
  /// - Returns: The saved data.
  /// - Throws: ``PersistenceError/encodingFailed`` when the state does not encode.
  public func save(with persistence: StatePersistence<State>) throws(PersistenceError) -> Data {
    try persistence.encode(state)
  }

  /// Replaces the state with a saved one, with its transient fields reset, and starts a new
  /// history from it.
  ///
  /// The data is decoded before this call returns; when it is corrupt, of another version with no
  /// migration, or of another shape, the call throws and the store keeps its state (its initial
  /// state, when you restore at launch). The replacement itself is queued like an action:
  /// subscribers see the restored state, and middleware does not.
  ///
  /// - Parameters:
  ///   - data: Data made by ``save(with:)``.
  ///   - persistence: The format and version, with the transient-field hook and migrations.
  /// - Throws: A ``PersistenceError`` saying what is wrong, where, and how to fix it.
  public func restore(
    from data: Data,
    with persistence: StatePersistence<State>
  ) throws(PersistenceError) {
    let restored = try persistence.decode(data)
    feature.accept(.restore(restored))
  }
}
