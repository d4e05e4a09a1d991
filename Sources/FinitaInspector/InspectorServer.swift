#if Inspector
  import Finita
  import FinitaExternalTool
  import FinitaInspectorProtocol
  import FinitaServerLife
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdCore
  import HummingbirdWebSocket
  import Logging
  import NIOCore
  import ServiceLifecycle

  /// The Finita Inspector: serves the page and takes connections from apps over WebSocket.
  ///
  /// ```swift
  /// let server = InspectorServer()
  /// let urls = try await server.start()
  /// print("Open \(urls.page)")               // http://127.0.0.1:PORT/?token=…
  /// let client = InspectorClient.start(url: urls.app.absoluteString)
  /// // …
  /// await server.shutdown()
  /// ```
  ///
  /// It binds 127.0.0.1 by default, needs its random token for the page and for apps, refuses
  /// requests naming another `Host` or coming from another `Origin`, and answers messages over
  /// 1 MiB, malformed ones and ones in another protocol version with an error frame, dropping them.
  public final class InspectorServer: Sendable {
    /// Where the inspector listens and how much it keeps.
    public struct Configuration: Sendable {
      /// The address to bind; the loopback address by default.
      public var host: String
      /// The port, from 0 to 65535; `0` lets the system choose a free one.
      /// ``InspectorServer/start()`` refuses any other number.
      public var port: Int
      /// The ports ``port`` may be: the TCP ports, and 0.
      package static let ports = 0...65535
      /// The token the page and the apps must give; a random one by default. One of your own
      /// keeps the apps' address the same when the inspector starts again. It goes into URLs as it
      /// is, so ``InspectorServer/start()`` refuses one that is not at least
      /// ``minimumTokenLength`` letters, digits, `-`, `_`, `.` or `~`.
      public var token: String
      /// The fewest characters ``token`` may have.
      public static let minimumTokenLength = 8

      /// Why `token` cannot be the inspector's token, or `nil` when it can.
      package static func problem(withToken token: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
        if let bad = token.first(where: { !allowed.contains($0) }) {
          return "The token has '\(bad)'; it goes into the page's and the apps' URLs as it is, so"
            + " use only letters, digits, '-', '_', '.' and '~'."
        }
        if token.count < minimumTokenLength {
          return "The token has \(token.count) characters; give at least \(minimumTokenLength),"
            + " or none for a random one."
        }
        return nil
      }
      /// The stages kept per feature for pages that open later; older ones are forgotten.
      public var eventsPerFeature: Int
      /// The features kept per app. When an app has made more, the oldest disposed ones are
      /// forgotten to make room; features beyond this many live ones are not shown.
      public var featuresPerApp: Int
      /// Messages waiting for a slow page at most; older ones are dropped for it.
      public var pageBacklog: Int
      /// Graphviz's `dot`, or `nil` to show Mermaid text; found on the `PATH` by default.
      public var dotPath: String?

      /// Creates a configuration.
      public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        token: String? = nil,
        eventsPerFeature: Int = 5_000,
        featuresPerApp: Int = 500,
        pageBacklog: Int = 20_000,
        dotPath: String? = DiagramRendererLookup.dot()
      ) {
        self.host = host
        self.port = port
        self.token = token ?? AccessPolicy.randomToken()
        self.eventsPerFeature = eventsPerFeature
        self.featuresPerApp = featuresPerApp
        self.pageBacklog = pageBacklog
        self.dotPath = dotPath
      }
    }

    /// The addresses of a running inspector.
    public struct Addresses: Sendable, Hashable {
      /// The page, with the token: `http://127.0.0.1:PORT/?token=…`.
      public let page: URL
      /// Where apps connect, with the token: `ws://127.0.0.1:PORT/app?token=…`.
      public let app: URL
      /// Where pages connect, with the token: `ws://127.0.0.1:PORT/page?token=…`.
      public let pageSocket: URL
      /// The port actually bound.
      public let port: Int
    }

    /// The inspector's configuration.
    public let configuration: Configuration
    private let hub: InspectorHub
    private let renderer: DiagramRenderer
    private let life = ServiceLife<Addresses>()
    /// For tests: awaited by the server's task before it runs, to hold a start while it starts.
    let beforeRunning = LockedValue<(@Sendable () async -> Void)?>(nil)
    private let policy = LockedValue<AccessPolicy?>(nil)
    private let logger: Logger

    /// Creates the inspector; it listens only after ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Address, token and limits.
    ///   - logger: Where the server logs; warnings only by default.
    public init(configuration: Configuration = .init(), logger: Logger? = nil) {
      self.configuration = configuration
      hub = InspectorHub(
        limits: .init(
          eventsPerFeature: configuration.eventsPerFeature,
          featuresPerApp: configuration.featuresPerApp,
          pageBacklog: configuration.pageBacklog))
      renderer = DiagramRenderer(dotPath: configuration.dotPath)
      var logger = logger ?? Logger(label: "finita.inspector")
      if logger.logLevel < .warning { logger.logLevel = .warning }
      self.logger = logger
    }

    /// The number of apps connected now.
    public var connectedApps: Int { hub.appCount }

    /// The number of pages connected now.
    public var connectedPages: Int { hub.pageCount }

    /// The number of stages kept for pages, over all apps: bounded by the limits.
    public var keptEvents: Int { hub.keptEvents }

    /// Starts listening and returns once the inspector accepts connections.
    ///
    /// - Returns: The page's and the apps' addresses, with the token.
    /// - Throws: ``InspectorServerError`` when already running, when the port is not a TCP port
    ///   or is in use or not permitted, the host is not this machine's, the token cannot go into
    ///   a URL, or it stops before listening; otherwise the error of binding the address.
    @discardableResult
    public func start() async throws -> Addresses {
      // Checked here: the network stack would take the port's low 16 bits, and an inspector
      // asked for port 99999 would listen on 34463.
      guard Configuration.ports.contains(configuration.port) else {
        throw InspectorServerError.invalidPort(configuration.port)
      }
      // Checked here too: a token with '&' or '#' would be cut short in every URL, and no page
      // or app could connect.
      if let problem = Configuration.problem(withToken: configuration.token) {
        throw InspectorServerError.invalidToken(problem)
      }
      let router = makeRouter()
      let listening = OneShot<Result<Int, any Error>>()
      let policy = self.policy
      let configuration = configuration
      let app = Application(
        router: router,
        server: Self.serverBuilder(router),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
        onServerRunning: { channel in
          guard let port = channel.localAddress?.port else {
            listening.send(.failure(InspectorServerError.noPort))
            return
          }
          policy.withLock {
            $0 = AccessPolicy(token: configuration.token, host: configuration.host, port: port)
          }
          listening.send(.success(port))
        },
        logger: logger
      )
      let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
      let beforeRunning = self.beforeRunning.withLock { $0 }
      let outcome = await life.start(
        run: {
          await beforeRunning?()
          try await group.run()
        },
        stop: { await group.triggerGracefulShutdown() },
        listening: listening,
        stoppedBeforeListening: InspectorServerError.stoppedBeforeListening,
        value: { port in
          try Self.addresses(host: configuration.host, port: port, token: configuration.token)
        })
      switch outcome {
      case .started(let addresses): return addresses
      case .alreadyRunning: throw InspectorServerError.alreadyRunning
      case .shutDown: throw InspectorServerError.shutDownWhileStarting
      case .failed(let error): throw Self.explained(error, configuration)
      }
    }

    /// Whether neither running nor starting; for tests.
    var isStopped: Bool { life.isStopped }

    /// The binding errors a user can act on, said as ``InspectorServerError``; others as they are.
    private static func explained(_ error: any Error, _ configuration: Configuration) -> any Error {
      if error is SocketAddressError.UnknownHost {
        return InspectorServerError.hostUnavailable(configuration.host)
      }
      guard let error = error as? IOError else { return error }
      switch error.errnoCode {
      case EADDRINUSE: return InspectorServerError.portInUse(configuration.port)
      case EACCES: return InspectorServerError.portNotPermitted(configuration.port)
      case EADDRNOTAVAIL: return InspectorServerError.hostUnavailable(configuration.host)
      default: return error
      }
    }

    /// Stops the inspector and waits until its socket is closed. Called while ``start()`` is
    /// starting it, the start throws ``InspectorServerError/shutDownWhileStarting``.
    public func shutdown() async {
      hub.finishAllPages()
      await life.shutdown()
    }

    private static func addresses(host: String, port: Int, token: String) throws -> Addresses {
      let shown = host.contains(":") ? "[\(host)]" : host
      guard let page = URL(string: "http://\(shown):\(port)/?token=\(token)"),
        let app = URL(string: "ws://\(shown):\(port)/app?token=\(token)"),
        let pageSocket = URL(string: "ws://\(shown):\(port)/page?token=\(token)")
      else { throw InspectorServerError.noPort }
      return Addresses(page: page, app: app, pageSocket: pageSocket, port: port)
    }

    // MARK: Routes

    private func refusal(_ request: Request, needsToken: Bool) -> String? {
      guard let policy = policy.withLock({ $0 }) else { return "The inspector is starting." }
      let token = request.uri.queryParameters.get("token")
      return policy.refusal(
        hostHeader: request.head.authority, origin: request.headers[.origin], token: token,
        needsToken: needsToken)
    }

    /// HTTP/1 with WebSocket upgrades through `router`, frames of up to 4 MB, and an upgrade
    /// whose WebSocket headers are wrong answered with its reason (``CheckedUpgradeChannel``).
    private static func serverBuilder(
      _ router: Router<InspectorRequestContext>
    ) -> HTTPServerBuilder {
      let webSocketResponder = router.buildResponder()
      return HTTPServerBuilder { responder in
        CheckedUpgradeChannel(
          channel: HTTP1WebSocketUpgradeChannel(
            responder: responder, webSocketResponder: webSocketResponder,
            configuration: .init(ws: .init(maxFrameSize: 4 << 20))))
      }
    }

    private func makeRouter() -> Router<InspectorRequestContext> {
      let router = Router(context: InspectorRequestContext.self)
      // First: a refused WebSocket upgrade gets its reason in place of the library's bare 400.
      router.add(middleware: UpgradeRefusalMiddleware { [policy] in policy.withLock { $0 } })
      router.add(
        middleware: AccessMiddleware { request in self.refusal(request, needsToken: false) })
      router.get("/") { request, _ -> Response in
        if let refusal = self.refusal(request, needsToken: true) {
          return Self.forbidden(refusal)
        }
        return Self.resource("index.html", type: "text/html; charset=utf-8")
      }
      router.get("/static/:file") { _, context -> Response in
        switch context.parameters.get("file") {
        case "inspector.js": Self.resource("inspector.js", type: "text/javascript; charset=utf-8")
        case "inspector.css": Self.resource("inspector.css", type: "text/css; charset=utf-8")
        case "favicon.svg": Self.resource("favicon.svg", type: "image/svg+xml")
        default: Response(status: .notFound)
        }
      }
      router.get("/recording") { request, _ -> Response in
        if let refusal = self.refusal(request, needsToken: true) {
          return Self.plain(.forbidden, refusal)
        }
        return self.exportRecording(request)
      }
      router.post("/recording") { request, _ -> Response in
        if let refusal = self.refusal(request, needsToken: true) {
          return Self.plain(.forbidden, refusal)
        }
        return await Self.importRecording(request)
      }
      router.ws(
        "/app",
        shouldUpgrade: { request, _ in
          if let refusal = self.refusal(request, needsToken: true) {
            throw HTTPError(.forbidden, message: refusal)
          }
          return .upgrade([:])
        },
        onUpgrade: { inbound, outbound, _ in
          await self.appSession(inbound: inbound, outbound: outbound)
        })
      router.ws(
        "/page",
        shouldUpgrade: { request, _ in
          if let refusal = self.refusal(request, needsToken: true) {
            throw HTTPError(.forbidden, message: refusal)
          }
          return .upgrade([:])
        },
        onUpgrade: { inbound, outbound, _ in
          await self.pageSession(inbound: inbound, outbound: outbound)
        })
      return router
    }

    /// `GET /recording?app=…&feature=…`: the recording file of one feature's kept stages.
    private func exportRecording(_ request: Request) -> Response {
      let parameters = request.uri.queryParameters
      guard let app = parameters.get("app"),
        let feature = parameters.get("feature", as: UInt64.self)
      else {
        return Self.plain(
          .badRequest, "Say which feature to export: /recording?app=a1&feature=2&token=….")
      }
      guard let (descriptor, events) = hub.history(app: app, feature: feature) else {
        return Self.plain(
          .notFound, "There is no feature \(feature) of app \(app) in this inspector.")
      }
      do {
        let data = try InspectorRecordings.file(of: descriptor, feature: feature, events: events)
        let name = (descriptor?.name ?? "feature-\(feature)").filter {
          $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
        }
        return Response(
          status: .ok,
          headers: [
            .contentType: "application/x-ndjson",
            .contentDisposition: "attachment; filename=\"\(name)-recording.jsonl\"",
            .cacheControl: "no-store",
          ],
          body: .init(byteBuffer: ByteBuffer(bytes: data)))
      } catch {
        return Self.plain(.conflict, error.message)
      }
    }

    /// `POST /recording?name=…` with a recording file: the file as a session the page imports.
    private static func importRecording(_ request: Request) async -> Response {
      let name = request.uri.queryParameters.get("name") ?? "the recording"
      var request = request
      let body: ByteBuffer
      do {
        body = try await request.collectBody(upTo: maximumRecordingSize)
      } catch {
        return plain(
          .contentTooLarge,
          "\(name) is larger than \(maximumRecordingSize >> 20) MB; the inspector imports smaller "
            + "recordings (save a shorter session or a smaller ring).")
      }
      do {
        let session = try InspectorRecordings.session(
          from: Data(body.readableBytesView), fileName: name)
        return Response(
          status: .ok, headers: [.contentType: "application/x-ndjson", .cacheControl: "no-store"],
          body: .init(byteBuffer: ByteBuffer(string: session)))
      } catch {
        return plain(.unprocessableContent, error.message)
      }
    }

    /// The largest recording file the page may import.
    static let maximumRecordingSize = 64 << 20

    private static func plain(_ status: HTTPResponse.Status, _ message: String) -> Response {
      Response(
        status: status, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: message)))
    }

    private static func forbidden(_ message: String) -> Response {
      let html = """
        <!doctype html><html><head><meta charset="utf-8"><title>Finita Inspector</title></head>
        <body style="font-family: sans-serif; margin: 3em">
        <h1>Finita Inspector</h1><p id="refusal">\(escapeHTML(message))</p></body></html>
        """
      return Response(
        status: .forbidden, headers: [.contentType: "text/html; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    private static func resource(_ name: String, type: String) -> Response {
      let parts = name.split(separator: ".")
      guard
        let url = Bundle.module.url(
          forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Page"),
        let data = try? Data(contentsOf: url)
      else {
        return Response(status: .internalServerError)
      }
      return Response(
        status: .ok,
        headers: [.contentType: type, .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func escapeHTML(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    // MARK: Sessions

    /// Reads one text message within the limits; an error frame instead when it breaks them.
    private static func read(_ message: WebSocketMessage) -> Incoming {
      guard case .text(let text) = message else {
        return .refused(
          ErrorFrame(code: "malformed", message: "Binary messages are not read; send JSON text."))
      }
      do {
        return .message(try InspectorProtocol.decode(text))
      } catch {
        return .refused(error.frame)
      }
    }

    private enum Incoming {
      case message(InspectorEnvelope)
      case refused(ErrorFrame)
    }

    private static func text(_ envelope: InspectorEnvelope) -> String {
      (try? InspectorProtocol.encode(envelope))
        ?? #"{"v":1,"type":"error","code":"internal","message":"a message did not encode"}"#
    }

    private func appSession(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter)
      async
    {
      let (outgoing, continuation) = AsyncStream.makeStream(
        of: String.self, bufferingPolicy: .bufferingNewest(1_000))
      let send: @Sendable (String) -> Void = { continuation.yield($0) }
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await text in outgoing {
            do { try await outbound.write(.text(text)) } catch { break }
          }
        }
        var app: String?
        do {
          for try await message in inbound.messages(maxSize: 4 << 20) {
            // A busy app's messages wait in the channel's buffer, and reading one that is there
            // does not suspend: without a yield this loop holds one of the pool's few threads for
            // as long as the app is ahead, and a page's upgrade, its HTML and its session wait
            // behind it. A page opened 15 s into `inspect --demo --load`, on one core shared with
            // four busy loops, drew its first rows after 1.35 and 5.61 s without the yield, and
            // after 0.58 to 1.76 s in 7 runs with it.
            await Task.yield()
            switch Self.read(message) {
            case .refused(let frame):
              send(Self.text(InspectorEnvelope(.error(frame))))
            case .message(let envelope):
              if let id = app {
                if case .diagram(let update) = envelope.message {
                  let drawn = await draw(update)
                  hub.storeDiagram(drawn, from: id)
                } else if let frame = hub.receive(envelope.message, from: id) {
                  send(Self.text(InspectorEnvelope(.error(frame))))
                }
              } else if case .hello(let hello) = envelope.message {
                app = hub.addApp(hello, send: send)
              } else {
                send(
                  Self.text(
                    InspectorEnvelope(
                      .error(
                        ErrorFrame(
                          code: "unexpected",
                          message: "An app's first message is hello; \(envelope.message.type)"
                            + " was dropped.")))))
              }
            }
          }
        } catch {
          // The app went away or sent a message over 4 MiB: its session ends, the inspector goes on.
        }
        if let app { hub.removeApp(app) }
        continuation.finish()
        await group.waitForAll()
      }
    }

    private func draw(_ update: DiagramUpdate) async -> DiagramUpdate {
      var update = update
      guard let dot = update.dot else { return update }
      switch await renderer.render(dot) {
      case .success(let svg): update.svg = svg
      case .failure(let failure): update.note = failure.message
      }
      return update
    }

    private func pageSession(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter)
      async
    {
      let (id, outgoing) = hub.addPage(dotAvailable: renderer.dotPath != nil)
      let (replies, replyContinuation) = AsyncStream.makeStream(
        of: String.self, bufferingPolicy: .bufferingNewest(100))
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          do {
            for try await message in inbound.messages(maxSize: 4 << 20) {
              if let reply = self.answer(message) { replyContinuation.yield(reply) }
            }
          } catch {
            // The page closed or sent a message over 4 MiB; the inspector goes on.
          }
          self.hub.removePage(id)
          replyContinuation.finish()
        }
        group.addTask {
          for await text in replies {
            do { try await outbound.write(.text(text)) } catch { break }
          }
        }
        // What the hub sends goes out from this task, which already runs: under load a new task
        // can wait seconds for a thread (the first steps of a page opened 15 s into
        // `inspect --demo --load` came 10 to 17 s after it connected, when a child task wrote
        // them), and a page just opened is what its user waits for.
        for await text in outgoing {
          do { try await outbound.write(.text(text)) } catch { break }
        }
        await group.waitForAll()
      }
    }

    /// Passes a page's command on to its app; returns the error frame to send back, if any.
    private func answer(_ message: WebSocketMessage) -> String? {
      switch Self.read(message) {
      case .refused(let frame):
        return Self.text(InspectorEnvelope(.error(frame)))
      case .message(let envelope):
        guard case .command(let command) = envelope.message else {
          return Self.text(
            InspectorEnvelope(
              .error(
                ErrorFrame(
                  code: "unexpected",
                  message: "A page may send commands only; \(envelope.message.type) was"
                    + " dropped."))))
        }
        return hub.forward(command, to: envelope.app).map {
          Self.text(InspectorEnvelope(.error($0)))
        }
      }
    }
  }

  /// Finds Graphviz for ``InspectorServer/Configuration``.
  public enum DiagramRendererLookup {
    /// The path of `dot` on the `PATH` (or in the usual install folders), or `nil` when
    /// Graphviz is not installed.
    public static func dot() -> String? { Graphviz.locate()?.path }
  }

  /// Refuses requests with a foreign `Host` or `Origin` before any route runs.
  struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let refusal: @Sendable (Request) -> String?

    func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      if let refusal = refusal(request) {
        throw HTTPError(.forbidden, message: refusal)
      }
      return try await next(request, context)
    }
  }
#endif  // Inspector
