#if Metrics
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
    // The properties whose types do not depend on the clock come first, so that their offsets are
    // known without the clock's metadata.
    private let books = MetricsBooks()
    private let prefix: String
    private let factory: any MetricsFactory
    private let clock: C
    /// Work's start is kept as the time since this instant, so that the books need no type of
    /// the clock's.
    private let origin: C.Instant

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
      origin = clock.now
      self.prefix = prefix
      self.factory = factory
    }

    /// Counts or times the event.
    ///
    /// The per-stage path uses only types that do not depend on the feature's definition or the
    /// clock: this method runs unspecialized for every definition, and a type generic over either
    /// would have its metadata looked up at each stage (that cost about 20,000 instructions a
    /// wish).
    ///
    /// - Parameter event: The event.
    public func intercept<Definition: FeatureDefinition>(
      _ event: FeatureEvent<Definition>
    ) {
      let stage = event.stage
      switch stage {
      case .wish: meters(for: event.feature).wishes.increment()
      case .effect: meters(for: event.feature).effects.increment()
      case .news: meters(for: event.feature).news.increment()
      case .workStarted:
        guard let work = event.work else { return }
        let feature = event.feature
        let meters = meters(for: feature)
        books.start(work.id, at: elapsed(), of: feature.id)
        meters.inFlight.increment()
      case .workFinished, .workCancelled, .workFailed:
        guard let work = event.work else { return }
        // Work that ends after its feature was disposed was counted out then.
        guard let (meters, start) = books.end(work.id, of: event.feature.id) else { return }
        if stage == .workFailed { meters.errors.increment() }
        if let start {
          meters.inFlight.decrement()
          meters.duration.recordNanoseconds(Self.nanoseconds(elapsed() - start))
        }
      case .disposed:
        guard let (meters, running) = books.remove(event.feature.id) else { return }
        for _ in 0..<running { meters.inFlight.decrement() }
      default:
        return
      }
    }

    /// The time since ``origin``: out of line, so that ``intercept(_:)`` has no value of the
    /// clock's types (their metadata was looked up at every stage).
    @inline(never)
    private func elapsed() -> Duration {
      origin.duration(to: clock.now)
    }

    /// The meters of `feature`, made the first time it is seen.
    private func meters(for feature: FeatureInfo) -> FeatureMeters {
      if let meters = books.meters(of: feature.id) { return meters }
      // Made outside the books' lock: the factory is the backend's code.
      return books.add(makeMeters(feature), for: feature.id)
    }

    private func makeMeters(_ feature: FeatureInfo) -> FeatureMeters {
      let dimensions = [("feature", feature.displayName)]
      return FeatureMeters(
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

  /// One feature's metrics.
  private final class FeatureMeters: Sendable {
    let wishes: Counter
    let effects: Counter
    let news: Counter
    let errors: Counter
    let duration: Timer
    let inFlight: Meter

    init(
      wishes: Counter, effects: Counter, news: Counter, errors: Counter, duration: Timer,
      inFlight: Meter
    ) {
      self.wishes = wishes
      self.effects = effects
      self.news = news
      self.errors = errors
      self.duration = duration
      self.inFlight = inFlight
    }
  }

  /// A ``MetricsInterceptor``'s meters and running work, by feature, under one lock held only for
  /// dictionary steps (never while a metric is created or recorded).
  private final class MetricsBooks: Sendable {
    private struct Book {
      let meters: FeatureMeters
      /// When each running work started, as time since the interceptor's origin.
      var started: [UInt64: Duration] = [:]
    }

    private let books = LockedValue<[UInt64: Book]>([:])

    func meters(of feature: UInt64) -> FeatureMeters? {
      books.withLock { $0[feature]?.meters }
    }

    /// Keeps `meters` for `feature`, or returns the ones kept first.
    func add(_ meters: FeatureMeters, for feature: UInt64) -> FeatureMeters {
      books.withLock { books in
        if let kept = books[feature]?.meters { return kept }
        books[feature] = Book(meters: meters)
        return meters
      }
    }

    func start(_ work: UInt64, at time: Duration, of feature: UInt64) {
      books.withLock { $0[feature]?.started[work] = time }
    }

    /// The feature's meters and the work's start, taken out; `nil` once the feature is gone.
    func end(_ work: UInt64, of feature: UInt64) -> (FeatureMeters, Duration?)? {
      books.withLock { books in
        guard let meters = books[feature]?.meters else { return nil }
        return (meters, books[feature]?.started.removeValue(forKey: work))
      }
    }

    /// The feature's meters and how much of its work was running, forgotten.
    func remove(_ feature: UInt64) -> (FeatureMeters, Int)? {
      books.withLock { $0.removeValue(forKey: feature) }.map { ($0.meters, $0.started.count) }
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
#endif  // Metrics
