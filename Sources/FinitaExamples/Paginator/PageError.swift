/// Why a page did not load, kept in the state so the screen can show it.
///
/// Errors are stored in state and compared, so the paginator turns whatever its
/// ``PageSource`` throws into this equatable value.
public struct PageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A description of what went wrong.
  public var message: String

  /// Creates the error.
  ///
  /// - Parameter message: What went wrong.
  public init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
