#if Metrics
  import Finita
  import FinitaFixtures
  import FinitaMetrics
  import InMemoryTracing
  import Testing
  import Tracing

  @Suite("Tracing interceptor")
  struct TracingInterceptorTests {
    private func shelf(
      _ tracer: InMemoryTracer,
      gate: Gate = Gate(),
      signal: StageSignal? = nil
    ) -> Feature<Shelf> {
      Feature(
        initialState: 0,
        definition: Shelf(gate: gate.stream),
        configuration: .init(
          name: "shelf",
          interceptors: [TracingInterceptor(tracer: tracer)] + (signal.map { [$0] } ?? []),
          onUnhandledError: { _ in }
        )
      )
    }

    @Test("one span per action, named after the feature and the case, with the action attribute")
    func spanPerAction() throws {
      let tracer = InMemoryTracer()
      let feature = shelf(tracer)
      feature.accept(.add)
      let span = try #require(tracer.finishedSpans.first)
      #expect(tracer.finishedSpans.count == 1)
      #expect(span.operationName == "shelf add")
      #expect(span.attributes["finita.action"]?.toSpanAttribute() == .string("add"))
      #expect(span.attributes["finita.feature"]?.toSpanAttribute() == .string("shelf"))
      #expect(span.events.map(\.name) == ["effect"])
      #expect(span.parentSpanID == nil)
    }

    @Test("the span of an action with work stays open until the work ends, and has its effects")
    func spanCoversWork() async throws {
      let tracer = InMemoryTracer()
      let gate = Gate()
      let (signal, ended) = StageSignal.make(.workFinished)
      let feature = shelf(tracer, gate: gate, signal: signal)
      feature.accept(.load)
      #expect(tracer.finishedSpans.isEmpty)
      #expect(tracer.activeSpans.count == 1)
      gate.open()
      var iterator = ended.makeAsyncIterator()
      _ = await iterator.next()
      let span = try #require(tracer.finishedSpans.first)
      #expect(span.operationName == "shelf load")
      #expect(span.events.map(\.name) == ["effect"])
      #expect(span.events.first?.attributes["finita.value"]?.toSpanAttribute() == .string("loaded"))
      #expect(tracer.activeSpans.isEmpty)
    }

    @Test("work that throws records the error on its action's span")
    func failedWork() async throws {
      let tracer = InMemoryTracer()
      let (signal, failed) = StageSignal.make(.workFailed)
      let feature = shelf(tracer, signal: signal)
      feature.accept(.fail)
      var iterator = failed.makeAsyncIterator()
      _ = await iterator.next()
      let span = try #require(tracer.finishedSpans.first)
      #expect(span.errors.count == 1)
      #expect(span.errors.first?.error is Shelf.Failure)
      #expect(span.status?.code == .error)
    }

    @Test("an action handled inside a span is a child of that span")
    func nestsUnderCurrentContext() throws {
      let tracer = InMemoryTracer()
      let feature = shelf(tracer)
      let requestSpanID = tracer.withSpan("GET /items") { span in
        feature.accept(.add)
        return span.context.inMemorySpanContext?.spanID
      }
      let action = try #require(tracer.finishedSpans.first { $0.operationName == "shelf add" })
      let request = try #require(tracer.finishedSpans.first { $0.operationName == "GET /items" })
      #expect(action.parentSpanID == requestSpanID)
      #expect(action.traceID == request.traceID)
    }

    @Test("an action from the PostProcessor is a child of the action that produced it")
    func postProcessedActionIsChild() throws {
      let tracer = InMemoryTracer()
      let feature = shelf(tracer)
      feature.accept(.addTwice)
      let first = try #require(tracer.finishedSpans.first { $0.operationName == "shelf addTwice" })
      let second = try #require(tracer.finishedSpans.first { $0.operationName == "shelf add" })
      #expect(second.parentSpanID == first.spanID)
      #expect(first.events.map(\.name) == ["effect"])
      #expect(second.events.map(\.name) == ["effect", "news"])
    }

    @Test("disposing a feature ends the spans still waiting for work")
    func disposeEndsSpans() {
      let tracer = InMemoryTracer()
      let feature = shelf(tracer)
      feature.accept(.load)
      feature.dispose()
      #expect(tracer.activeSpans.isEmpty)
      #expect(tracer.finishedSpans.map(\.operationName) == ["shelf load"])
    }

    @Test("a tracer that records no span is given no description of a value")
    func noDescriptionsWhenNotRecording() {
      let count = Locked(0)
      // Unnamed, so that no test's logging, installed for every named feature, takes it.
      let feature = Feature(
        initialState: 0, definition: Noted(),
        configuration: .init(interceptors: [TracingInterceptor(tracer: NoOpTracer())]))
      // The first wish's effect makes the PostProcessor send the action again: that action is
      // described once, to find its parent span; nothing else is.
      Noted.Value.$isCounting.withValue(true) {
        feature.accept(Noted.Value(count: count))
        feature.accept(Noted.Value(count: count))
      }
      #expect(feature.state == 3)
      #expect(count.value == 2)
    }

    @Test("a recorded span still names and describes its action, effects and news")
    func descriptionsWhenRecording() throws {
      let count = Locked(0)
      let tracer = InMemoryTracer()
      // Unnamed, so that no test's logging, installed for every named feature, takes it.
      let feature = Feature(
        initialState: 1, definition: Noted(),
        configuration: .init(interceptors: [TracingInterceptor(tracer: tracer)]))
      Noted.Value.$isCounting.withValue(true) { feature.accept(Noted.Value(count: count)) }
      let span = try #require(tracer.finishedSpans.first)
      #expect(span.operationName == "Noted value")
      #expect(span.attributes["finita.action"]?.toSpanAttribute() == .string("value"))
      #expect(span.events.map(\.name) == ["effect", "news"])
      // The action once for the name and attribute, the effect and the news once each.
      #expect(count.value == 3)
    }
  }
#endif  // Metrics
