/// Sees every stage of the features it is attached to: logging, metrics, tracing, recording.
///
/// Attach interceptors to one feature with ``FeatureConfiguration/interceptors``, or to every
/// feature created from now on with ``FeatureInterceptors/install(_:for:)``; or give one to a
/// definition with ``FeatureDefinition/intercepted(by:)``, and its features attach it first.
///
/// ```swift
/// struct WishCounter: FeatureInterceptor {
///   let counts: Counts  // your thread-safe storage
///   func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>) {
///     if event.stage == .wish { counts.increment(event.feature.displayName) }
///   }
/// }
/// let feature = Feature(
///   initialState: .init(), definition: Paginator(),
///   configuration: .init(name: "paginator", interceptors: [WishCounter(counts: counts)]))
/// ```
///
/// The rules:
/// - An interceptor observes: it cannot change, drop or reorder anything. A wish it sends to a
///   feature is queued like any other and handled after the current step.
/// - It is called on the feature's processing thread, one event at a time, in processing order,
///   with no lock of the engine held. Work it does there delays the feature, so a slow
///   interceptor should hand its events to a queue of its own.
/// - The event is borrowed for the call and cannot be kept: read the values you need, or keep
///   ``FeatureEvent/values``.
/// - A feature with no interceptor pays one check per stage for the hook; each interceptor costs
///   an indirect call per stage.
///
/// An interceptor that keeps stages to read them later (a recorder, an inspector's client)
/// can ask for a ``FeatureEventLog`` per feature instead of a call per stage: its
/// ``delivery`` is ``FeatureInterceptorDelivery/log(capacity:clock:)``, the engine calls
/// ``attach(_:)`` once for each feature, and writes the stages into the log.
public protocol FeatureInterceptor: Sendable {
  /// Called for each stage of each feature this interceptor is attached to (when its
  /// ``delivery`` is ``FeatureInterceptorDelivery/eachStage``, the default).
  ///
  /// - Parameter event: The feature, the stage and its values.
  func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>)

  /// How the engine hands this interceptor the stages: a call of ``intercept(_:)`` for each
  /// (``FeatureInterceptorDelivery/eachStage``, the default), or a log per feature
  /// (``FeatureInterceptorDelivery/log(capacity:clock:)``). Read once, when a feature is
  /// created.
  var delivery: FeatureInterceptorDelivery { get }

  /// Called once for each feature this interceptor is attached to, when it is created, with the
  /// log the engine keeps the feature's stages in; only when ``delivery`` asks for a log. Keep
  /// the log to read it later. The default does nothing.
  ///
  /// - Parameter log: The feature's log; its ``FeatureEventLog/feature`` says which feature.
  func attach<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>)
}

extension FeatureInterceptor {
  /// A call of ``intercept(_:)`` for each stage.
  public var delivery: FeatureInterceptorDelivery { .eachStage }

  /// Does nothing.
  ///
  /// - Parameter log: The feature's log.
  public func attach<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {}
}

/// How the engine hands an interceptor the stages of a feature (``FeatureInterceptor/delivery``).
public struct FeatureInterceptorDelivery: Sendable {
  /// For a log, how many stages it keeps; 0 for a call per stage.
  @usableFromInline let logCapacity: Int
  /// For a log, what times its stages; shared by the logs of the delivery.
  @usableFromInline let clock: FeatureLogClock?

  private init(logCapacity: Int, clock: FeatureLogClock?) {
    self.logCapacity = logCapacity
    self.clock = clock
  }

  /// A call of ``FeatureInterceptor/intercept(_:)`` for each stage, as it happens, on the
  /// processing thread.
  public static var eachStage: FeatureInterceptorDelivery {
    FeatureInterceptorDelivery(logCapacity: 0, clock: nil)
  }

  /// A ``FeatureEventLog`` per feature, given to ``FeatureInterceptor/attach(_:)``, in which the
  /// engine keeps the feature's newest stages; ``FeatureInterceptor/intercept(_:)`` is not
  /// called.
  ///
  /// The logs of one delivery share its start, so the times of different features' stages
  /// compare; the clock is read through `now`.
  ///
  /// - Parameters:
  ///   - capacity: The most stages each log keeps (at least 1); older ones are dropped and
  ///     counted.
  ///   - clock: The clock that times the stages: each stage's time is the duration since this
  ///     call, on it.
  /// - Returns: The delivery.
  public static func log<C: Clock>(capacity: Int, clock: C) -> FeatureInterceptorDelivery
  where C.Duration == Duration {
    if clock is ContinuousClock {
      return FeatureInterceptorDelivery(
        logCapacity: Swift.max(1, capacity), clock: .continuous())
    }
    let start = clock.now
    return log(capacity: capacity, elapsed: { start.duration(to: clock.now) })
  }

  /// A ``FeatureEventLog`` per feature, timed by the continuous clock from this call; see
  /// ``log(capacity:clock:)``.
  ///
  /// - Parameter capacity: The most stages each log keeps (at least 1).
  /// - Returns: The delivery.
  public static func log(capacity: Int) -> FeatureInterceptorDelivery {
    log(capacity: capacity, clock: ContinuousClock())
  }

  /// A log delivery timed by `elapsed`, a closure that returns the time since some start.
  ///
  /// The log keeps times to the nanosecond.
  ///
  /// - Parameters:
  ///   - capacity: The most stages each log keeps (at least 1).
  ///   - elapsed: The time since the clock's start.
  /// - Returns: The delivery.
  public static func log(
    capacity: Int, elapsed: @escaping @Sendable () -> Duration
  ) -> FeatureInterceptorDelivery {
    FeatureInterceptorDelivery(logCapacity: Swift.max(1, capacity), clock: .custom(elapsed))
  }
}

/// An interceptor made of a closure that receives each event with its values described as text.
///
/// Useful for quick logging and tests:
///
/// ```swift
/// FeatureInterceptors.install(DescribingInterceptor { line in print(line) })
/// ```
public struct DescribingInterceptor: FeatureInterceptor {
  private let receive: @Sendable (FeatureInfo, FeatureStage, String) -> Void

  /// Creates the interceptor.
  ///
  /// - Parameter receive: Called with the feature, the stage and a description of the stage's
  ///   values (empty for stages without values).
  public init(_ receive: @escaping @Sendable (FeatureInfo, FeatureStage, String) -> Void) {
    self.receive = receive
  }

  /// Describes the event and passes it on.
  ///
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>)
  {
    receive(event.feature, event.stage, event.valueDescription)
  }
}

extension FeatureEvent {
  /// The stage's values as one line of text: `increment`, `loaded(3) from load`,
  /// `State(count: 1) -> State(count: 2)`.
  public var valueDescription: String { values.valueDescription }
}

extension FeatureEventValues {
  /// The stage's values as one line of text: `increment`, `loaded(3) from load`,
  /// `State(count: 1) -> State(count: 2)`.
  public var valueDescription: String {
    switch stage {
    case .created: describe(state)
    case .started, .disposed: ""
    case .wish: describe(wish)
    case .effect: "\(describe(effect)) from \(describe(action))"
    case .state: "\(describe(previousState)) -> \(describe(state))"
    case .news: describe(news)
    case .workStarted, .workFinished, .workCancelled: describeWork()
    case .workFailed: "\(describeWork()) threw \(describe(error))"
    default: describe(action)
    }
  }

  private func describe<Value>(_ value: Value?) -> String {
    value.map { "\($0)" } ?? ""
  }

  private func describeWork() -> String {
    describe(work) + (action.map { " for \($0)" } ?? " for the bootstrapper")
  }
}
