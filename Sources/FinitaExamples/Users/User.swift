/// A user, as the users API of seed 004 returns it.
public struct User: Identifiable, Codable, Hashable, Sendable, CustomStringConvertible {
  /// The user's identifier.
  public var id: Int
  /// The user's name.
  public var name: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - name: The name.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  /// The identifier and name, such as `#1 Ada`.
  public var description: String { "#\(id) \(name)" }

  /// Four users for tests, previews, the tour and the local server.
  public static let samples = [
    User(id: 1, name: "Ada"), User(id: 2, name: "Grace"), User(id: 3, name: "Edsger"),
    User(id: 4, name: "Barbara"),
  ]
}

/// Why the users did not load, kept in the state so the screen can show it.
public struct UsersError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
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

/// Where the users come from: the seed's `APIProtocol`, with `async` instead of a callback.
public protocol UsersAPI: Sendable {
  /// Fetches every user.
  ///
  /// - Returns: The users, in the server's order.
  /// - Throws: ``UsersError`` when the server refuses; `CancellationError` when the task that
  ///   asked is cancelled.
  func fetchUsers() async throws -> [User]
}
