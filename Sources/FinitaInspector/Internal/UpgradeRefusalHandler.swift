#if Inspector
  import HTTPTypes
  import Hummingbird
  import HummingbirdWebSocket
  import NIOCore
  import NIOHTTP1

  /// The inspector's request context: the library's WebSocket context, and the connection's
  /// channel, so that a refused upgrade can be given its reason.
  struct InspectorRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
      webSocket = .init()
      channel = source.channel
    }
  }

  /// Gives a refused WebSocket upgrade its reason.
  ///
  /// HummingbirdWebSocket answers every upgrade it does not make with a bare `400` without a
  /// body, whatever the route said. Before the routes run, this middleware works out whether an
  /// upgrade request will be refused, and why; when it will, it puts an ``UpgradeRefusalHandler``
  /// on the connection, which writes the reason in place of the bare answer.
  struct UpgradeRefusalMiddleware: RouterMiddleware {
    typealias Context = InspectorRequestContext
    let policy: @Sendable () -> AccessPolicy?

    func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      if request.headers[.secWebSocketKey] != nil || request.headers[.upgrade] != nil,
        let refusal = UpgradeRefusal.of(request.head, policy: policy())
      {
        let channel = context.channel
        try await channel.eventLoop.submit {
          try channel.pipeline.syncOperations.addHandler(UpgradeRefusalHandler(refusal))
        }.get()
      }
      return try await next(request, context)
    }
  }

  /// Writes a refusal's status and reason in place of the bare `400` the WebSocket library
  /// answers a refused upgrade with.
  final class UpgradeRefusalHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let refusal: UpgradeRefusal

    init(_ refusal: UpgradeRefusal) {
      self.refusal = refusal
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      guard case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest else {
        context.write(data, promise: promise)
        return
      }
      let body = context.channel.allocator.buffer(string: refusal.text)
      head.status = HTTPResponseStatus(statusCode: refusal.status.code)
      head.headers.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=utf-8")
      head.headers.replaceOrAdd(name: "Content-Length", value: "\(body.readableBytes)")
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: promise)
    }
  }

  /// Why a WebSocket upgrade is refused, as the answer says it.
  struct UpgradeRefusal: Equatable, Sendable {
    let status: HTTPResponse.Status
    let text: String

    /// The reason `request` is refused: a path without a socket, or the access policy's
    /// refusal; `nil` when the routes may upgrade it.
    static func of(_ request: HTTPRequest, policy: AccessPolicy?) -> UpgradeRefusal? {
      let target = request.path ?? "/"
      let path = String(target.prefix { $0 != "?" })
      guard path == "/app" || path == "/page" else {
        return UpgradeRefusal(
          status: .notFound,
          text: "There is no WebSocket at \(path): apps connect to /app?token=…, the page to"
            + " /page?token=…, as finita inspect printed them.")
      }
      guard let policy else {
        return UpgradeRefusal(status: .serviceUnavailable, text: "The inspector is starting.")
      }
      let query = target.dropFirst(path.count + 1).split(separator: "&")
      let token = query.first { $0.hasPrefix("token=") }.map { String($0.dropFirst(6)) }
      guard
        let refusal = policy.refusal(
          hostHeader: request.authority, origin: request.headerFields[.origin], token: token,
          needsToken: true)
      else { return nil }
      return UpgradeRefusal(status: .forbidden, text: refusal)
    }
  }
#endif  // Inspector
