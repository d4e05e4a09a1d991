/// Why a state could not be saved or restored, with what happened, where, and how to fix it.
///
/// The one error of saved state: ``StatePersistence`` throws it, whether the state goes through
/// a `Store` (``Store/restore(from:with:)``) or, with FinitaRecording, through a snapshot store
/// (a file, memory, SQLite). When restoring fails, nothing is restored.
///
/// Match the kind with `==` against the static members (the details are not compared):
///
/// ```swift
/// do {
///   try store.restore(from: data, with: persistence)
/// } catch where error == .unsupportedVersion {
///   // saved by an older version of the app: the store keeps its state
/// } catch {
///   print(error)  // what, where, and how to fix it
/// }
/// ```
public struct PersistenceError: Error, Equatable, CustomStringConvertible {
  package enum Kind: Equatable {
    case corruptData
    case incompatibleState
    case unsupportedVersion
    case encodingFailed
    case storeFailed
  }

  let kind: Kind
  /// The path of the value that is wrong, written as in code from the top of the saved data
  /// (`version`, `state.items[2].title`), when there is one.
  public let key: String?
  /// What happened, where, and how to fix it.
  public let description: String

  package init(_ kind: Kind, key: String? = nil, _ description: String) {
    self.kind = kind
    self.key = key
    self.description = description
  }

  /// The data is not a saved state: not JSON (checked over the whole document, including the
  /// UTF-8 inside strings), JSON without the saved-state envelope, or an envelope whose
  /// `"version"` is null or not an integer.
  public static var corruptData: Self { Self(.corruptData, "The data is not a saved state.") }

  /// The data is a saved state of the expected version, but the state in it does not decode:
  /// its shape changed without a version change, or it was edited. This includes a number that
  /// does not fit its field, such as `7.5` or `1e400` for an `Int`.
  public static var incompatibleState: Self {
    Self(.incompatibleState, "The saved state does not decode as the current state type.")
  }

  /// The data was saved with another version of the state and no migration handled it.
  public static var unsupportedVersion: Self {
    Self(.unsupportedVersion, "The state was saved with another version.")
  }

  /// The state could not be encoded.
  public static var encodingFailed: Self {
    Self(.encodingFailed, "The state could not be encoded.")
  }

  /// The place that keeps saved states (a file, a database) could not read or write them.
  public static var storeFailed: Self { Self(.storeFailed, "The store failed.") }

  /// Whether two errors are of the same kind; their keys and descriptions are not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when both are of the same kind.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind
  }
}
