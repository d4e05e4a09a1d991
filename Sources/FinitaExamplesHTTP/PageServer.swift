#if HTTPExamples
  import Finita
  import FinitaExamples
  import FinitaServerLife
  import Foundation
  import Hummingbird
  import Logging
  import ServiceLifecycle

  /// A local HTTP server with a paged JSON API over a ``FinitaExamples/PageCatalog``, for trying
  /// the paginator against a real server: `GET /pages/{index}` answers a ``PageDocument``. It
  /// also serves the users of seed 004's Redux example: `GET /users` answers a JSON array of
  /// ``FinitaExamples/User``.
  ///
  /// A failure can be injected for one page, or for the users: the next request for it answers
  /// `500 Internal Server Error`, and the one after succeeds again.
  ///
  /// ```swift
  /// let server = PageServer(catalog: .seeded(itemCount: 12, pageSize: 5))
  /// let baseURL = try await server.start()  // http://127.0.0.1:<a free port>
  /// server.failNextRequest(forPage: 1)
  /// // ...
  /// await server.shutdown()
  /// ```
  public final class PageServer: Sendable {
    /// The data served.
    public let catalog: PageCatalog
    /// The users served at `/users`.
    public let users: [User]
    private let failures = LockedValue<[Int: Int]>([:])
    private let userFailures = LockedValue(0)
    private let life = ServiceLife<URL>()

    /// Creates a server; it listens only after ``start(host:port:)``.
    ///
    /// - Parameters:
    ///   - catalog: The pages to serve.
    ///   - users: The users to serve; a few samples by default.
    public init(catalog: PageCatalog, users: [User] = User.samples) {
      self.catalog = catalog
      self.users = users
    }

    /// The server's address while it runs.
    public var baseURL: URL? {
      life.value
    }

    /// Makes the next request for page `index` answer `500 Internal Server Error`.
    ///
    /// - Parameter index: The page to fail, once.
    public func failNextRequest(forPage index: Int) {
      failures.withLock { $0[index, default: 0] += 1 }
    }

    /// Makes the next request for the users answer `500 Internal Server Error`.
    public func failNextUsersRequest() {
      userFailures.withLock { $0 += 1 }
    }

    /// Starts listening and returns once the server accepts connections.
    ///
    /// - Parameters:
    ///   - host: The address to bind; the loopback address by default.
    ///   - port: The port; `0`, the default, lets the system choose a free one.
    /// - Returns: The server's address, with the port actually bound.
    /// - Throws: ``PageServerError`` when the server is already running, stops before it
    ///   listens, or is shut down while it starts; or the error of binding the address.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> URL {
      var logger = Logger(label: "FinitaExamples.PageServer")
      logger.logLevel = .warning
      let listening = OneShot<Result<Int, any Error>>()
      let app = Application(
        router: makeRouter(),
        configuration: .init(address: .hostname(host, port: port)),
        onServerRunning: { channel in
          listening.send(
            channel.localAddress?.port.map { .success($0) } ?? .failure(PageServerError.noPort))
        },
        logger: logger
      )
      // A service group of our own, so that shutting down is graceful: the server stops accepting,
      // finishes the requests in flight and closes its socket.
      let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
      return try await life.startServer(group, listening: listening) { port in
        guard let url = URL(string: "http://\(host):\(port)") else { throw PageServerError.noPort }
        return url
      }
    }

    /// Stops the server and waits until it has closed its socket. Does nothing when it is not
    /// running.
    public func shutdown() async {
      await life.shutdown()
    }

    private func makeRouter() -> Hummingbird.Router<BasicRequestContext> {
      let router = Hummingbird.Router()
      router.get("pages/:index") { [catalog, failures] _, context -> PageDocument in
        let index = try context.parameters.require("index", as: Int.self)
        let fails = failures.withLock { failures -> Bool in
          guard let count = failures[index] else { return false }
          failures[index] = count > 1 ? count - 1 : nil
          return true
        }
        if fails {
          throw HTTPError(.internalServerError, message: "Injected failure for page \(index)")
        }
        guard let page = catalog.page(at: index) else {
          throw HTTPError(.notFound, message: "There is no page \(index)")
        }
        return PageDocument(page)
      }
      router.get("users") { [users, userFailures] _, _ -> UsersDocument in
        let fails = userFailures.withLock { count -> Bool in
          defer { count = max(0, count - 1) }
          return count > 0
        }
        if fails {
          throw HTTPError(.internalServerError, message: "Injected failure for the users")
        }
        return UsersDocument(users: users)
      }
      return router
    }
  }

  extension PageDocument: ResponseEncodable {}

  /// The users as the server encodes them: a bare JSON array.
  struct UsersDocument: ResponseEncodable {
    let users: [User]

    func encode(to encoder: any Encoder) throws {
      try users.encode(to: encoder)
    }
  }
#endif  // HTTPExamples
