import Benchmark
import Finita
import FinitaLogging
import FinitaMetrics
import Logging

/// An interceptor that does nothing: the price of the hook itself.
private struct NoOpInterceptor: FeatureInterceptor {
  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {}
}

/// A handler that lets every entry through and drops it: the price of building each entry.
private struct DiscardingLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    blackHole(event.message)
  }
}

/// Issue 14: a synchronous wish with no interceptor, one that does nothing (attached at run
/// time, and compiled into the feature with its definition), and the logging,
/// metrics and tracing interceptors over backends that do nothing; all in the same run.
func observingBenchmarks() {
  func measure(_ name: String, interceptors: [any FeatureInterceptor]) {
    syncWishBenchmark("observing: sync wish, \(name)", interceptors: interceptors)
  }

  measure("no interceptor", interceptors: [])
  measure("1 no-op interceptor", interceptors: [NoOpInterceptor()])
  syncWishBenchmark(
    "observing: sync wish, 1 no-op interceptor compiled in",
    definition: Counter().intercepted(by: NoOpInterceptor()), interceptors: [])
  measure(
    "logging, no-op handler",
    interceptors: [
      LoggingInterceptor(logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
    ]
  )
  measure(
    "logging, every entry built and dropped",
    interceptors: [
      LoggingInterceptor(logger: Logger(label: "bench") { _ in DiscardingLogHandler() })
    ]
  )
  measure("metrics, no-op backend", interceptors: [MetricsInterceptor()])
  measure("tracing, no-op tracer", interceptors: [TracingInterceptor()])
}

/// A benchmark of a synchronous wish to the counter (or `definition`, a counter with an
/// interceptor compiled in), with one state observer and `interceptors`: what observing and
/// recording compare against the same wish without them.
func syncWishBenchmark(_ name: String, interceptors: [any FeatureInterceptor]) {
  syncWishBenchmark(name, definition: Counter(), interceptors: interceptors)
}

/// A benchmark of a synchronous wish to `definition`; see the counter's overload.
func syncWishBenchmark<Definition: FeatureDefinition>(
  _ name: String, definition: Definition, interceptors: [any FeatureInterceptor]
) where Definition.State == Counter.State, Definition.Wish == Counter.Wish {
  Benchmark(name) { benchmark in
    let feature = Feature(
      initialState: Counter.State(),
      definition: definition,
      configuration: .init(name: "counter", interceptors: interceptors)
    )
    sendWishes(to: feature, in: benchmark)
  }
}

/// The measured part of a synchronous-wish benchmark: one `increment` per scaled iteration to
/// `feature`, with one state observer.
func sendWishes<Definition: FeatureDefinition>(
  to feature: Feature<Definition>, in benchmark: Benchmark
) where Definition.State == Counter.State, Definition.Wish == Counter.Wish {
  let subscription = feature.observeState { blackHole($0) }
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    feature.accept(.increment)
  }
  benchmark.stopMeasurement()
  subscription.cancel()
}
