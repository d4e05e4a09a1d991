#if Inspector
  import HTTPTypes
  import Hummingbird
  import HummingbirdCore
  import HummingbirdWebSocket
  import Logging
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
      refusal.describe(in: &head, bodyLength: body.readableBytes)
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

    /// Gives `head` the refusal's status and the headers of its text, `bodyLength` bytes long,
    /// and, for a 426, the WebSocket version the inspector speaks.
    func describe(in head: inout HTTPResponseHead, bodyLength: Int) {
      head.status = HTTPResponseStatus(statusCode: status.code)
      head.headers.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=utf-8")
      head.headers.replaceOrAdd(name: "Content-Length", value: "\(bodyLength)")
      if status == .upgradeRequired {
        head.headers.replaceOrAdd(name: "Sec-WebSocket-Version", value: "13")
      }
    }

    /// The reason a WebSocket upgrade request's own headers are refused, before any route
    /// sees it: not exactly one `Sec-WebSocket-Key`, or a `Sec-WebSocket-Version` other than
    /// 13 (RFC 6455, section 4.4, answers that with 426 and the version it speaks).
    ///
    /// NIO's upgrader drops such a request without an answer, so these are checked first.
    ///
    /// - Parameter values: The values of a header, by name, split at commas.
    /// - Returns: `nil` when the request asks for no WebSocket, or its headers are fine.
    static func ofUpgradeHeaders(_ values: (String) -> [String]) -> UpgradeRefusal? {
      guard values("upgrade").contains(where: { $0.lowercased() == "websocket" }) else {
        return nil
      }
      let versions = values("sec-websocket-version")
      guard versions == ["13"] else {
        let asked = versions.isEmpty ? "none" : versions.joined(separator: ", ")
        return UpgradeRefusal(
          status: .upgradeRequired,
          text: "This inspector speaks WebSocket version 13 (RFC 6455); the request asked for"
            + " \(asked). Send Sec-WebSocket-Version: 13.")
      }
      let keys = values("sec-websocket-key")
      guard keys.count == 1 else {
        return UpgradeRefusal(
          status: .badRequest,
          text: "A WebSocket upgrade needs exactly one Sec-WebSocket-Key header; the request"
            + " had \(keys.count).")
      }
      return nil
    }
  }

  /// Answers an upgrade request whose WebSocket headers are wrong (see
  /// ``UpgradeRefusal/ofUpgradeHeaders(_:)``) with its reason, where NIO's upgrader would close
  /// the connection without a word; then closes it. It looks at the first request only, as the
  /// upgrader does, and leaves the connection once that one is fine.
  final class UpgradeHeaderCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether the request is refused: its remaining parts go nowhere.
    private var isRefusing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard !isRefusing else { return }
      guard case .head(let head) = unwrapInboundIn(data) else {
        context.fireChannelRead(data)
        return
      }
      guard
        let refusal = UpgradeRefusal.ofUpgradeHeaders({
          head.headers[canonicalForm: $0].map(String.init)
        })
      else {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        return
      }
      isRefusing = true
      let body = context.channel.allocator.buffer(string: refusal.text)
      var answer = HTTPResponseHead(
        version: head.version, status: .badRequest, headers: ["Connection": "close"])
      refusal.describe(in: &answer, bodyLength: body.readableBytes)
      context.write(wrapOutboundOut(.head(answer)), promise: nil)
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
        channel.close(promise: nil)
      }
    }
  }

  /// The library's HTTP/1 channel with WebSocket upgrades, with an ``UpgradeHeaderCheck``
  /// right after the request decoder, where it sees a request before the upgrader does.
  struct CheckedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let channel: HTTP1WebSocketUpgradeChannel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
      self.channel.setup(channel: channel, logger: logger).flatMapThrowing { value in
        let pipeline = channel.pipeline.syncOperations
        let decoder = try pipeline.context(
          handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try pipeline.addHandler(UpgradeHeaderCheck(), position: .after(decoder.handler))
        return value
      }
    }

    func handle(value: Value, logger: Logger) async {
      await channel.handle(value: value, logger: logger)
    }
  }
#endif  // Inspector
