#if Inspector
  import FinitaInspectorProtocol
  import Foundation
  import HTTPTypes
  import HummingbirdWSClient
  import Logging

  /// A WebSocket connection a test drives: what it receives comes out of `received`, what the
  /// test sends goes out in order; closing ends the connection.
  final class TestSocket: Sendable {
    let received: AsyncStream<String>
    private let receivedContinuation: AsyncStream<String>.Continuation
    private let outgoing: AsyncStream<String>.Continuation
    private let outgoingStream: AsyncStream<String>
    /// Ends with the connection: `false` when it was refused.
    let outcome: Task<Bool, Never>

    init(url: String, headers: HTTPFields = [:]) {
      (received, receivedContinuation) = AsyncStream.makeStream(of: String.self)
      (outgoingStream, outgoing) = AsyncStream.makeStream(of: String.self)
      var configuration = WebSocketClientConfiguration()
      configuration.additionalHeaders = headers
      configuration.maxFrameSize = 4 << 20
      let receivedContinuation = receivedContinuation
      let outgoingStream = outgoingStream
      var logger = Logger(label: "test.socket")
      logger.logLevel = .critical
      outcome = Task {
        defer { receivedContinuation.finish() }
        do {
          try await WebSocketClient.connect(
            url: url, configuration: configuration, logger: logger
          ) { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
              group.addTask {
                for try await message in inbound.messages(maxSize: 4 << 20) {
                  if case .text(let text) = message { receivedContinuation.yield(text) }
                }
              }
              group.addTask {
                for await text in outgoingStream {
                  try await outbound.write(.text(text))
                }
              }
              // The test closes by finishing `outgoing`.
              try await group.next()
              group.cancelAll()
            }
          }
          return true
        } catch {
          return false
        }
      }
    }

    func send(_ text: String) {
      outgoing.yield(text)
    }

    func send(_ envelope: InspectorEnvelope) throws {
      send(try InspectorProtocol.encode(envelope))
    }

    func close() async {
      outgoing.finish()
      _ = await outcome.value
    }
  }

  /// Reads messages until one matches; `nil` when the connection ended first.
  func next(
    _ iterator: inout AsyncStream<String>.Iterator,
    where predicate: (InspectorEnvelope) -> Bool
  ) async -> InspectorEnvelope? {
    while let text = await iterator.next() {
      guard let envelope = try? InspectorProtocol.decode(text) else { continue }
      if predicate(envelope) { return envelope }
    }
    return nil
  }

  /// Sends a command about `feature` of `app` from `page` and reads until its reply; `nil` when
  /// the connection ended first.
  func command(
    _ request: Int, _ kind: InspectorCommand.Kind, feature: UInt64, app: String,
    state: JSONValue? = nil, wish: JSONValue? = nil,
    from page: TestSocket, reading received: inout AsyncStream<String>.Iterator
  ) async throws -> CommandReply? {
    var ignored: [StageEvent] = []
    return try await command(
      request, kind, feature: feature, app: app, state: state, wish: wish, from: page,
      reading: &received, keeping: &ignored)
  }

  /// Sends a command and reads until its reply, appending to `seen` the events that arrive
  /// meanwhile: what the command causes can come before its reply.
  func command(
    _ request: Int, _ kind: InspectorCommand.Kind, feature: UInt64, app: String,
    state: JSONValue? = nil, wish: JSONValue? = nil, skipped: [Int]? = nil,
    from page: TestSocket, reading received: inout AsyncStream<String>.Iterator,
    keeping seen: inout [StageEvent]
  ) async throws -> CommandReply? {
    try page.send(
      InspectorEnvelope(
        .command(
          InspectorCommand(
            requestID: request, feature: feature, kind: kind, state: state, wish: wish,
            skipped: skipped)),
        app: app))
    return await next(&received) { envelope in
      seen.append(contentsOf: envelope.events)
      return envelope.reply?.requestID == request
    }?.reply
  }

  /// Opens a page socket at `url` and waits for the inspector's welcome; returns the socket and
  /// the iterator of what it receives after the welcome.
  func openPage(_ url: URL) async -> (TestSocket, AsyncStream<String>.Iterator) {
    let page = TestSocket(url: url.absoluteString)
    var received = page.received.makeAsyncIterator()
    _ = await next(&received) { if case .welcome = $0.message { true } else { false } }
    return (page, received)
  }

  extension InspectorEnvelope {
    var errorCode: String? {
      if case .error(let frame) = message { frame.code } else { nil }
    }

    var events: [StageEvent] {
      if case .events(let events) = message { events } else { [] }
    }

    var reply: CommandReply? {
      if case .reply(let reply) = message { reply } else { nil }
    }

    var feature: FeatureDescriptor? {
      if case .feature(let feature) = message { feature } else { nil }
    }

    var diagram: DiagramUpdate? {
      if case .diagram(let diagram) = message { diagram } else { nil }
    }
  }
#endif  // Inspector
