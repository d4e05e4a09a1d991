#if HTTPExamples
  import CoreMetrics
  import Finita
  import FinitaExamples
  import FinitaLogging
  import FinitaMetrics
  import FinitaServerLife
  import Foundation
  import Hummingbird
  import Logging
  import ServiceLifecycle
  import Tracing

  /// The paginator on a server, with logging, metrics and tracing on: `GET /feed/next` loads the
  /// next page with one shared paginator and answers the number of items loaded so far.
  ///
  /// Each request runs in a span of its own (`GET /feed/next`, a server span). The handler sends
  /// the wish synchronously, so the paginator's action span is a child of the request's span, and
  /// the page that arrives later is an `effect` event of that action span:
  ///
  /// ```
  /// GET /feed/next                      (server span)
  /// └─ paginator load                   (the action, until its work has ended)
  ///    ├─ effect itemsLoadingDidStart(isNextPage: true)
  ///    └─ effect itemsDidLoad(...)
  /// ```
  ///
  /// ```swift
  /// let feed = ObservedFeedServer(
  ///   source: HTTPPageSource(baseURL: pagesURL), logger: logger, metrics: metrics, tracer: tracer)
  /// let url = try await feed.start()
  /// // GET \(url)/feed/next -> "5", then "10", ...
  /// await feed.shutdown()
  /// ```
  public final class ObservedFeedServer: Sendable {
    /// The paginator every request shares, named `paginator`.
    public let paginator: Feature<Paginator>
    private let tracer: any Tracer
    private let logger: Logger
    private let life = ServiceLife<URL>()

    /// The interceptors the server's paginator runs with: logging, metrics and tracing.
    ///
    /// - Parameters:
    ///   - logger: Where the paginator logs.
    ///   - metrics: Where its metrics go.
    ///   - tracer: Where its spans go.
    /// - Returns: The interceptors, in that order.
    public static func interceptors(
      logger: Logger,
      metrics: any MetricsFactory,
      tracer: any Tracer
    ) -> [any FeatureInterceptor] {
      [
        LoggingInterceptor(logger: logger),
        MetricsInterceptor(factory: metrics),
        TracingInterceptor(tracer: tracer),
      ]
    }

    /// Creates the server; it listens only after ``start(host:port:)``.
    ///
    /// - Parameters:
    ///   - source: Where the paginator loads pages from.
    ///   - logger: Where the paginator logs.
    ///   - metrics: Where its metrics go; the bootstrapped factory by default.
    ///   - tracer: Where request and action spans go; the bootstrapped tracer by default.
    ///   - interceptors: More interceptors for the paginator, after the three above.
    public init(
      source: any PageSource,
      logger: Logger,
      metrics: any MetricsFactory = MetricsSystem.factory,
      tracer: any Tracer = InstrumentationSystem.tracer,
      interceptors: [any FeatureInterceptor] = []
    ) {
      self.tracer = tracer
      self.logger = logger
      paginator = Feature(
        initialState: PaginationState(),
        definition: Paginator(source: source),
        configuration: .init(
          name: "paginator",
          interceptors: Self.interceptors(logger: logger, metrics: metrics, tracer: tracer)
            + interceptors
        )
      )
    }

    /// Loads the next page (the first one the first time) and waits until it is shown.
    ///
    /// - Returns: The paginator's state once nothing loads.
    public func loadNextPage() async -> PaginationState {
      let isNextPage = paginator.state.paginationItems != nil
      // Handled before `accept` returns, in the caller's task: its span is the parent.
      paginator.accept(.load(isNextPage: isNextPage))
      for await state in paginator.states where !state.isProcessing {
        return state
      }
      return paginator.state
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
      var serverLogger = logger
      serverLogger.logLevel = .warning
      let listening = OneShot<Result<Int, any Error>>()
      let app = Application(
        router: makeRouter(),
        configuration: .init(address: .hostname(host, port: port)),
        onServerRunning: { channel in
          listening.send(
            channel.localAddress?.port.map { .success($0) } ?? .failure(PageServerError.noPort))
        },
        logger: serverLogger
      )
      let group = ServiceGroup(configuration: .init(services: [app], logger: serverLogger))
      return try await life.startServer(group, listening: listening) { port in
        guard let url = URL(string: "http://\(host):\(port)") else { throw PageServerError.noPort }
        return url
      }
    }

    /// Stops the server, waits until it has closed its socket, and disposes of the paginator.
    public func shutdown() async {
      await life.shutdown()
      paginator.dispose()
    }

    private func makeRouter() -> Hummingbird.Router<BasicRequestContext> {
      let router = Hummingbird.Router()
      router.add(middleware: RequestSpan(tracer: tracer))
      router.get("feed/next") { [self] _, _ -> String in
        let state = await loadNextPage()
        return "\(state.paginationItems?.items.count ?? 0)"
      }
      return router
    }
  }

  /// Runs each request in a server span named after its method and path, current for the
  /// handler: what a tracing middleware does, with the server's own tracer.
  private struct RequestSpan<Context: RequestContext>: RouterMiddleware {
    let tracer: any Tracer

    func handle(
      _ request: Request,
      context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      let span = tracer.startSpan(
        "\(request.method) \(request.uri.path)",
        context: ServiceContext.current ?? .topLevel,
        ofKind: .server
      )
      defer { span.end() }
      do {
        let response = try await ServiceContext.withValue(span.context) {
          try await next(request, context)
        }
        span.attributes["http.response.status_code"] = response.status.code
        return response
      } catch {
        span.recordError(error, attributes: [:])
        throw error
      }
    }
  }
#endif  // HTTPExamples
