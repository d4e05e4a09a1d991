/// Sees every stage of the features it is attached to: logging, metrics, tracing, recording.
///
/// Attach interceptors to one feature with ``FeatureConfiguration/interceptors``, or to every
/// feature created from now on with ``FeatureInterceptors/install(_:for:)``; or give one to a
/// definition with ``FeatureDefinition/intercepted(by:)``, and its features attach it first.
///
/// ```swift
/// struct WishCounter: FeatureInterceptor {
///   let counts: Counts  // your thread-safe storage
///   func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
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
/// - The event is a value: keep it, or the values you read, to use them later.
/// - A feature with no interceptor pays one check per stage for the hook; each interceptor costs
///   an indirect call per stage.
///
/// An interceptor that keeps stages to read them later keeps the events; the FinitaEventLog
/// module's `FeatureEventLogs` keeps them per feature, in bounded logs, for
/// recorders and inspectors.
public protocol FeatureInterceptor: Sendable {
  /// Called for each stage of each feature this interceptor is attached to.
  ///
  /// - Parameter event: The feature, the stage and its values.
  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>)
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
  public func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    receive(event.feature, event.stage, event.valueDescription)
  }
}

extension FeatureEvent {
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
