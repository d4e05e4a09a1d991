#if Metrics
  import Finita
  import FinitaFixtures
  import FinitaMetrics
  import FinitaTesting
  import MetricsTestKit
  import Testing

  @Suite("Metrics interceptor")
  struct MetricsInterceptorTests {
    @Test("wishes, effects and news are counted per feature name")
    func counters() throws {
      let metrics = TestMetrics()
      let interceptor = MetricsInterceptor(factory: metrics)
      let gate = Gate()
      let shelf = Feature(
        initialState: 0, definition: Shelf(gate: gate.stream),
        configuration: .init(name: "shelf", interceptors: [interceptor]))
      let other = Feature(
        initialState: 0, definition: Shelf(gate: gate.stream),
        configuration: .init(name: "other", interceptors: [interceptor]))
      shelf.accept(.add)
      shelf.accept(.add)
      other.accept(.add)
      let dimensions = [("feature", "shelf")]
      #expect(try metrics.expectCounter("finita.wishes", dimensions).totalValue == 2)
      #expect(try metrics.expectCounter("finita.effects", dimensions).totalValue == 2)
      #expect(try metrics.expectCounter("finita.news", dimensions).totalValue == 1)
      #expect(try metrics.expectCounter("finita.wishes", [("feature", "other")]).totalValue == 1)
    }

    @Test("asynchronous work is timed with the clock and counted in flight while it runs")
    func workTimerAndInFlight() async throws {
      let metrics = TestMetrics()
      let clock = VirtualClock()
      let (signal, ended) = StageSignal.make(.workFinished)
      let gate = Gate()
      let shelf = Feature(
        initialState: 0, definition: Shelf(gate: gate.stream),
        configuration: .init(
          name: "loader",
          interceptors: [MetricsInterceptor(clock: clock, factory: metrics), signal]))
      shelf.accept(.load)
      let dimensions = [("feature", "loader")]
      #expect(try metrics.expectMeter("finita.work.in_flight", dimensions).lastValue == 1)
      await clock.advance(by: .milliseconds(1500))
      gate.open()
      var iterator = ended.makeAsyncIterator()
      _ = await iterator.next()
      #expect(try metrics.expectMeter("finita.work.in_flight", dimensions).lastValue == 0)
      #expect(try metrics.expectTimer("finita.work.duration", dimensions).values == [1_500_000_000])
      #expect(shelf.state == 1)
    }

    @Test("work that throws is counted as an error")
    func errors() async throws {
      let metrics = TestMetrics()
      let (signal, failed) = StageSignal.make(.workFailed)
      let shelf = Feature(
        initialState: 0, definition: Shelf(gate: Gate().stream),
        configuration: .init(
          name: "failing", interceptors: [MetricsInterceptor(factory: metrics), signal],
          onUnhandledError: { _ in }))
      shelf.accept(.fail)
      var iterator = failed.makeAsyncIterator()
      _ = await iterator.next()
      #expect(try metrics.expectCounter("finita.errors", [("feature", "failing")]).totalValue == 1)
      #expect(
        try metrics.expectMeter("finita.work.in_flight", [("feature", "failing")]).lastValue == 0)
    }

    @Test("work still running when the feature is disposed leaves the in-flight meter")
    func disposeWithWorkInFlight() throws {
      let metrics = TestMetrics()
      let gate = Gate()
      let shelf = Feature(
        initialState: 0, definition: Shelf(gate: gate.stream),
        configuration: .init(name: "disposed", interceptors: [MetricsInterceptor(factory: metrics)])
      )
      shelf.accept(.load)
      shelf.dispose()
      #expect(
        try metrics.expectMeter("finita.work.in_flight", [("feature", "disposed")]).lastValue == 0)
    }

    @Test("an unnamed feature's metrics carry its type's name")
    func unnamedFeature() throws {
      let metrics = TestMetrics()
      let shelf = Feature(
        initialState: 0, definition: Shelf(gate: Gate().stream),
        configuration: .init(interceptors: [MetricsInterceptor(factory: metrics)]))
      shelf.accept(.add)
      #expect(try metrics.expectCounter("finita.wishes", [("feature", "Shelf")]).totalValue == 1)
    }

    @Test("features on eight threads at once: each feature's counters add up to its own wishes")
    func concurrentFeatures() async throws {
      let metrics = TestMetrics()
      let interceptor = MetricsInterceptor(factory: metrics)
      let gate = Gate()
      let features = (0..<8).map { index in
        Feature(
          initialState: 0, definition: Shelf(gate: gate.stream),
          configuration: .init(name: "shelf\(index)", interceptors: [interceptor]))
      }
      await runOnThreads(features.count) { index in
        for _ in 0..<(250 + index) { features[index].accept(.add) }
      }
      for index in features.indices {
        let dimensions = [("feature", "shelf\(index)")]
        #expect(try metrics.expectCounter("finita.wishes", dimensions).totalValue == 250 + index)
        #expect(try metrics.expectCounter("finita.effects", dimensions).totalValue == 250 + index)
      }
    }
  }
#endif  // Metrics
