#if HTTPExamples
  import Finita
  import FinitaExamples
  import FinitaExamplesHTTP
  import Foundation
  import InMemoryTracing
  import Logging
  import MetricsTestKit
  import Testing
  import Tracing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  @Suite("The observed paginator on a server", .timeLimit(.minutes(1)))
  struct ObservedFeedServerTests {
    @Test("one page load is followed from the request's span through the action to its effects")
    func followsOnePageLoad() async throws {
      let pages = PageServer(catalog: .seeded(itemCount: 12, pageSize: 5))
      let pagesURL = try await pages.start()
      let tracer = InMemoryTracer()
      let metrics = TestMetrics()
      let lines = LogLines()
      var logger = Logger(label: "feed") { _ in lines }
      logger.logLevel = .debug
      let (workEnded, continuation) = AsyncStream<Void>.makeStream()
      let feed = ObservedFeedServer(
        source: HTTPPageSource(baseURL: pagesURL),
        logger: logger,
        metrics: metrics,
        tracer: tracer,
        interceptors: [WorkEnded(continuation: continuation)]
      )
      let url = try await feed.start()

      let session = URLSession(configuration: .ephemeral)
      let (data, _) = try await session.data(from: url.appendingPathComponent("feed/next"))
      #expect(String(decoding: data, as: UTF8.self) == "5")
      // The action's span ends with its last work, which may end after the response.
      for await _ in workEnded
      where tracer.finishedSpans.contains(where: {
        $0.operationName == "paginator load"
      }) {
        break
      }

      let request = try #require(
        tracer.finishedSpans.first { $0.operationName == "GET /feed/next" })
      let action = try #require(
        tracer.finishedSpans.first { $0.operationName == "paginator load" })
      #expect(request.kind == .server)
      #expect(action.traceID == request.traceID)
      #expect(action.parentSpanID == request.spanID)
      let described = action.attributes["finita.action"]?.toSpanAttribute()
      #expect(described == .string("load(isNextPage: false)"))
      let effects = action.events.compactMap { event -> String? in
        guard case .string(let value) = event.attributes["finita.value"]?.toSpanAttribute()
        else { return nil }
        return value
      }
      #expect(effects.count == 2)
      #expect(effects.first == "itemsLoadingDidStart(isNextPage: false)")
      #expect(effects.last?.hasPrefix("itemsDidLoad(") == true)

      let dimensions = [("feature", "paginator")]
      #expect(try metrics.expectCounter("finita.wishes", dimensions).totalValue == 1)
      #expect(try metrics.expectCounter("finita.effects", dimensions).totalValue == 2)
      #expect(try metrics.expectTimer("finita.work.duration", dimensions).values.count >= 1)
      #expect(try metrics.expectMeter("finita.work.in_flight", dimensions).lastValue == 0)

      #expect(lines.messages.contains("wish load(isNextPage: false)"))
      #expect(lines.messages.contains("action load(isNextPage: false)"))
      #expect(lines.messages.contains { $0.hasPrefix("effect itemsDidLoad(") })

      await feed.shutdown()
      await pages.shutdown()
    }
  }

  /// Signals each end of asynchronous work.
  private struct WorkEnded: FeatureInterceptor {
    let continuation: AsyncStream<Void>.Continuation
    func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
      if event.work != nil, event.stage != .workStarted { continuation.yield() }
    }
  }

  /// A log handler that keeps the messages.
  private struct LogLines: LogHandler {
    private final class Store: @unchecked Sendable {
      // Safe to send: `messages` is only touched while `lock` is held.
      let lock = NSLock()
      var messages: [String] = []
    }
    private let store = Store()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var messages: [String] { store.lock.withLock { store.messages } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      store.lock.withLock { store.messages.append("\(event.message)") }
    }
  }
#endif  // HTTPExamples
