#if HTTPExamples
  import FinitaExamples
  import Foundation

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// The users fetched over HTTP with `URLSession`, from a server that answers `GET /users` with
  /// a JSON array of ``FinitaExamples/User``: such as ``PageServer``.
  ///
  /// ```swift
  /// let api = HTTPUsersAPI(baseURL: URL(string: "http://127.0.0.1:8080")!)
  /// let store = Store(
  ///   initialState: UsersState(), reducer: Users.reducer,
  ///   middleware: [Users.fetchUsersMiddleware(api)])
  /// ```
  public struct HTTPUsersAPI: UsersAPI {
    /// The server's address, such as `http://127.0.0.1:8080`.
    public let baseURL: URL
    private let session: URLSession

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - baseURL: The server's address.
    ///   - session: The session that sends the requests; an ephemeral one by default.
    public init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
      self.baseURL = baseURL
      self.session = session
    }

    /// Requests the users.
    ///
    /// - Returns: The users, in the server's order.
    /// - Throws: ``FinitaExamples/UsersError`` when the server answers with an error status or
    ///   something that is not a list of users; the error of `URLSession` when there is no
    ///   answer; `CancellationError` when cancelled.
    public func fetchUsers() async throws -> [User] {
      let (data, response) = try await session.data(from: baseURL.appendingPathComponent("users"))
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard (200..<300).contains(status) else {
        throw UsersError(message: "The server answered \(status) for the users")
      }
      do {
        return try JSONDecoder().decode([User].self, from: data)
      } catch {
        throw UsersError(message: "The server's users do not decode: \(error)")
      }
    }
  }
#endif  // HTTPExamples
