#if HTTPExamples
  import FinitaExamples
  import Foundation

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Pages loaded over HTTP with `URLSession`, from a server that answers `GET /pages/{index}`
  /// with a ``PageDocument``: such as ``PageServer``.
  ///
  /// ```swift
  /// let source = HTTPPageSource(baseURL: URL(string: "http://127.0.0.1:8080")!)
  /// let paginator = Feature(initialState: PaginationState(), definition: Paginator(source: source))
  /// ```
  public struct HTTPPageSource: PageSource {
    /// The server's address, such as `http://127.0.0.1:8080`.
    public let baseURL: URL
    private let session: URLSession

    /// Creates the source.
    ///
    /// - Parameters:
    ///   - baseURL: The server's address.
    ///   - session: The session that sends the requests; an ephemeral one by default.
    public init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
      self.baseURL = baseURL
      self.session = session
    }

    /// Requests one page.
    ///
    /// - Parameter index: The page, from `0`.
    /// - Returns: The page.
    /// - Throws: ``FinitaExamples/PageError`` when the server answers with an error status, or
    ///   the error of `URLSession` or `JSONDecoder`.
    public func page(at index: Int) async throws -> Page {
      let url = baseURL.appendingPathComponent("pages").appendingPathComponent("\(index)")
      let (data, response) = try await session.data(from: url)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard (200..<300).contains(status) else {
        throw PageError(message: "The server answered \(status) for page \(index)")
      }
      return try JSONDecoder().decode(PageDocument.self, from: data).page
    }
  }
#endif  // HTTPExamples
