/// Why a snapshot could not be saved or restored: what is wrong, under which key, and how to fix
/// it. When restoring fails, nothing is restored.
public struct SnapshotError: Error, Equatable, CustomStringConvertible {
  package enum Kind: Equatable {
    case corruptData, incompatibleState, unsupportedVersion, encodingFailed, storeFailed
  }

  let kind: Kind
  /// The key of the value that is wrong, as a path such as `state.items[2].title`, when there is
  /// one.
  public let key: String?
  /// What is wrong, where, and how to fix it.
  public let description: String

  package init(_ kind: Kind, key: String? = nil, _ message: String) {
    self.kind = kind
    self.key = key
    description = key.map { "key \"\($0)\": \(message)" } ?? message
  }

  /// The data is not a snapshot: not JSON, or JSON without the `{"version": N, "state": ...}`
  /// envelope.
  public static var corruptData: Self { Self(.corruptData, "The data is not a snapshot.") }
  /// The snapshot has the expected version but its state does not decode.
  public static var incompatibleState: Self {
    Self(.incompatibleState, "The saved state does not decode as the current state type.")
  }
  /// The snapshot was saved with another version and no migration handled it.
  public static var unsupportedVersion: Self {
    Self(.unsupportedVersion, "The state was saved with another version.")
  }
  /// The state could not be encoded.
  public static var encodingFailed: Self {
    Self(.encodingFailed, "The state could not be encoded.")
  }
  /// The store could not read or write.
  public static var storeFailed: Self { Self(.storeFailed, "The store failed.") }

  /// Whether two errors are of the same kind; keys and descriptions are not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when both are of the same kind.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
}
