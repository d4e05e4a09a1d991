import CoreMetrics
import Finita

/// An interceptor that counts and times what features do, with swift-metrics.
///
/// ```swift
/// import FinitaMetrics
///
/// MetricsSystem.bootstrap(myBackend)
/// FeatureInterceptors.install(MetricsInterceptor(), for: .named)
/// ```
///
/// Every metric has one dimension, `feature`: the feature's name, or its type's name when it
/// has none (so unnamed instances of one type add up).
///
/// | label | kind | what |
/// | --- | --- | --- |
/// | `finita.wishes` | counter | wishes accepted |
/// | `finita.effects` | counter | effects reduced |
/// | `finita.news` | counter | news published |
/// | `finita.errors` | counter | asynchronous work that threw |
/// | `finita.work.duration` | timer | how long each asynchronous work ran, start to end |
/// | `finita.work.in_flight` | meter | asynchronous work running now |
///
/// Work is timed with the clock you give, `ContinuousClock` by default; work still running when
/// its feature is disposed is counted out of the meter then.
public struct MetricsInterceptor<C: Clock>: FeatureInterceptor where C.Duration == Duration {
  private let clock: C
  private let prefix: String
  private let factory: any MetricsFactory
  private let books = LockedValue<[UInt64: Book]>([:])

  /// Creates the interceptor with a clock of your choice, to time work in tests.
  ///
  /// - Parameters:
  ///   - clock: Times asynchronous work.
  ///   - prefix: The start of every label; `finita` by default.
  ///   - factory: Where metrics are created; the bootstrapped `MetricsSystem.factory` by
  ///     default.
  public init(
    clock: C,
    prefix: String = "finita",
    factory: any MetricsFactory = MetricsSystem.factory
  ) {
    self.clock = clock
    self.prefix = prefix
    self.factory = factory
  }

  /// Counts or times the event.
  ///
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>)
  {
    let stage = event.stage
    switch stage {
    case .wish: featureMetrics(for: event.feature).wishes.increment()
    case .effect: featureMetrics(for: event.feature).effects.increment()
    case .news: featureMetrics(for: event.feature).news.increment()
    case .workStarted:
      guard let work = event.work else { return }
      let now = clock.now
      let metrics = featureMetrics(for: event.feature) { $0.started[work.id] = now }
      metrics.inFlight.increment()
    case .workFinished, .workCancelled, .workFailed:
      guard let work = event.work else { return }
      // Work that ends after its feature was disposed was counted out then.
      let ended = books.withLock { books -> (FeatureMetrics, C.Instant?)? in
        guard let metrics = books[event.feature.id]?.metrics else { return nil }
        return (metrics, books[event.feature.id]?.started.removeValue(forKey: work.id))
      }
      guard let ended else { return }
      let (metrics, start) = ended
      if stage == .workFailed { metrics.errors.increment() }
      if let start {
        metrics.inFlight.decrement()
        metrics.duration.recordNanoseconds(Self.nanoseconds(start.duration(to: clock.now)))
      }
    case .disposed:
      guard let book = books.withLock({ $0.removeValue(forKey: event.feature.id) }) else {
        return
      }
      for _ in book.started { book.metrics.inFlight.decrement() }
    default:
      return
    }
  }

  /// The metrics of one feature, created on its first event, and its work in flight.
  private struct Book {
    let metrics: FeatureMetrics
    var started: [UInt64: C.Instant] = [:]
  }

  /// The metric objects of one feature.
  private struct FeatureMetrics {
    let wishes: Counter
    let effects: Counter
    let news: Counter
    let errors: Counter
    let duration: Timer
    let inFlight: Meter
  }

  private func featureMetrics(
    for feature: FeatureInfo,
    _ update: (inout Book) -> Void = { _ in }
  ) -> FeatureMetrics {
    books.withLock { books in
      if books[feature.id] == nil {
        books[feature.id] = Book(metrics: makeMetrics(feature))
      }
      update(&books[feature.id]!)
      return books[feature.id]!.metrics
    }
  }

  private func makeMetrics(_ feature: FeatureInfo) -> FeatureMetrics {
    let dimensions = [("feature", feature.displayName)]
    return FeatureMetrics(
      wishes: Counter(label: "\(prefix).wishes", dimensions: dimensions, factory: factory),
      effects: Counter(label: "\(prefix).effects", dimensions: dimensions, factory: factory),
      news: Counter(label: "\(prefix).news", dimensions: dimensions, factory: factory),
      errors: Counter(label: "\(prefix).errors", dimensions: dimensions, factory: factory),
      duration: Timer(label: "\(prefix).work.duration", dimensions: dimensions, factory: factory),
      inFlight: Meter(label: "\(prefix).work.in_flight", dimensions: dimensions, factory: factory)
    )
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : whole + attoseconds / 1_000_000_000
  }
}

extension MetricsInterceptor where C == ContinuousClock {
  /// Creates the interceptor, timing work with `ContinuousClock`.
  ///
  /// - Parameters:
  ///   - prefix: The start of every label; `finita` by default.
  ///   - factory: Where metrics are created; the bootstrapped `MetricsSystem.factory` by
  ///     default.
  public init(prefix: String = "finita", factory: any MetricsFactory = MetricsSystem.factory) {
    self.init(clock: ContinuousClock(), prefix: prefix, factory: factory)
  }
}
