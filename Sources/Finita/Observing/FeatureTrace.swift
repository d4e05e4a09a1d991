/// Where a feature's stages go: the package's own hook (the testing module's), the logs, then
/// the interceptors, each with a ``FeatureEvent``. The core hands it every stage through
/// ``emit(_:)``, the one place stages fan out from.
///
/// A feature that nothing observes has no trace, and its core checks one optional per stage.
@usableFromInline
final class FeatureTrace<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: every stored property is immutable after `init`, and `infoAddress` is memory
  // only this object writes (in `init`) and frees (in `deinit`).

  /// The package's own hook; `nil` when only interceptors trace.
  @usableFromInline let hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  /// The feature's description, which its events show, at an address events point to.
  @usableFromInline let infoAddress: UnsafeMutablePointer<FeatureInfo>
  /// Copies an event's values out, in code specialized for the definition (made in
  /// ``make(hook:configuration:definition:)``, which the client's module specializes).
  @usableFromInline let copyValues:
    @Sendable (borrowing FeatureEvent<Definition>) -> FeatureEventValues<Definition>
  /// The interceptors called at each stage: the definition's own first, then the
  /// configuration's, then the installed ones, each opened once.
  @usableFromInline let interceptors: [OpenedInterceptor<Definition>]
  /// The logs of the interceptors that asked for one
  /// (``FeatureInterceptorDelivery/log(capacity:clock:)``).
  @usableFromInline let logs: [FeatureEventLog<Definition>]

  @inlinable
  init(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    info: FeatureInfo,
    interceptors: [any FeatureInterceptor],
    copyValues:
      @escaping @Sendable (borrowing FeatureEvent<Definition>) -> FeatureEventValues<Definition>
  ) {
    self.hook = hook
    infoAddress = .allocate(capacity: 1)
    infoAddress.initialize(to: info)
    self.copyValues = copyValues
    var called: [OpenedInterceptor<Definition>] = []
    var logs: [FeatureEventLog<Definition>] = []
    for interceptor in interceptors {
      let delivery = interceptor.delivery
      if let clock = delivery.clock {
        let featureLog = FeatureEventLog<Definition>(
          feature: info, capacity: delivery.logCapacity, clock: clock)
        interceptor.attach(featureLog)
        logs.append(featureLog)
      } else {
        called.append(OpenedInterceptor<Definition>.open(interceptor))
      }
    }
    self.interceptors = called
    self.logs = logs
  }

  deinit {
    infoAddress.deinitialize(count: 1)
    infoAddress.deallocate()
  }

  /// The trace of a feature of `definition` created with `configuration` and the package's
  /// `hook`: `nil`, and free, when there is neither a hook nor an interceptor.
  @inlinable
  static func make(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    configuration: FeatureConfiguration,
    definition: Definition
  ) -> FeatureTrace? {
    let own = (definition as? any WrappingDefinition)?.interceptors ?? []
    if hook == nil, own.isEmpty, configuration.interceptors.isEmpty,
      FeatureInterceptors.isEmpty
    {
      return nil
    }
    let info = FeatureInfo(
      id: FeatureIdentity.next(),
      name: configuration.name,
      definitionType: (Definition.self as? any WrappingDefinition.Type)?.baseDefinitionType
        ?? Definition.self
    )
    // The definition's own interceptor comes first, like one attached before the others.
    let interceptors =
      own + configuration.interceptors + FeatureInterceptors.interceptors(for: info)
    if hook == nil, interceptors.isEmpty { return nil }
    return FeatureTrace(
      hook: hook, info: info, interceptors: interceptors,
      copyValues: { FeatureEventValues(copying: $0) })
  }

  /// Hands one stage to the hook, the logs and the interceptors, in that order.
  @inlinable
  func emit(_ payload: FeatureTraceEvent<Definition>) {
    hook?(payload)
    for log in logs { log.handle.append(stageOf: payload) }
    if interceptors.isEmpty { return }
    withEvent(of: payload) { event in
      for interceptor in interceptors { interceptor.intercept(event) }
    }
  }

  /// Calls `body` with the event of a stage given as the trace's enum.
  @inlinable @inline(__always)
  func withEvent(
    of payload: FeatureTraceEvent<Definition>,
    _ body: (borrowing FeatureEvent<Definition>) -> Void
  ) {
    switch payload {
    case .created(let state):
      Self.withAddress(of: state) { body(FeatureEvent(trace: self, stage: .created, state: $0)) }
    case .started: body(FeatureEvent(trace: self, stage: .started))
    case .disposed: body(FeatureEvent(trace: self, stage: .disposed))
    case .bootstrapAction(let action): withEvent(.bootstrapAction, action: action, body)
    case .workStarted(let work): withEvent(.workStarted, work: work, error: nil, body)
    case .workEnded(let work, .finished):
      withEvent(.workFinished, work: work, error: nil, body)
    case .workEnded(let work, .cancelled):
      withEvent(.workCancelled, work: work, error: nil, body)
    case .workEnded(let work, .failed(let error)):
      withEvent(.workFailed, work: work, error: error, body)
    case .wish(let wish): withEvent(wish: wish, body)
    case .action(let action): withEvent(.action, action: action, body)
    case .effect(let effect, let action): withEvent(effect: effect, action: action, body)
    case .state(let previous, let state, let effect):
      withEvent(state: state, previous: previous, effect: effect, body)
    case .news(let news): withEvent(news: news, body)
    case .postProcessedAction(let action): withEvent(.postProcessedAction, action: action, body)
    case .actionHandled(let action): withEvent(.actionHandled, action: action, body)
    }
  }

  /// Calls `body` with the event of ``FeatureStage/wish``.
  @inlinable @inline(__always)
  func withEvent(wish: Definition.Wish, _ body: (borrowing FeatureEvent<Definition>) -> Void) {
    Self.withAddress(of: wish) { body(FeatureEvent(trace: self, stage: .wish, wish: $0)) }
  }

  /// Calls `body` with the event of a stage whose value is an action.
  @inlinable @inline(__always)
  func withEvent(
    _ stage: FeatureStage, action: Definition.Action,
    _ body: (borrowing FeatureEvent<Definition>) -> Void
  ) {
    Self.withAddress(of: action) { body(FeatureEvent(trace: self, stage: stage, action: $0)) }
  }

  /// Calls `body` with the event of ``FeatureStage/effect``.
  @inlinable @inline(__always)
  func withEvent(
    effect: Definition.Effect, action: Definition.Action,
    _ body: (borrowing FeatureEvent<Definition>) -> Void
  ) {
    Self.withAddress(of: effect) { effect in
      Self.withAddress(of: action) { action in
        body(FeatureEvent(trace: self, stage: .effect, action: action, effect: effect))
      }
    }
  }

  /// Calls `body` with the event of ``FeatureStage/state``.
  @inlinable @inline(__always)
  func withEvent(
    state: Definition.State, previous: Definition.State, effect: Definition.Effect,
    _ body: (borrowing FeatureEvent<Definition>) -> Void
  ) {
    Self.withAddress(of: state) { state in
      Self.withAddress(of: previous) { previous in
        Self.withAddress(of: effect) { effect in
          body(
            FeatureEvent(
              trace: self, stage: .state, effect: effect, state: state, previousState: previous))
        }
      }
    }
  }

  /// Calls `body` with the event of ``FeatureStage/news``.
  @inlinable @inline(__always)
  func withEvent(news: Definition.News, _ body: (borrowing FeatureEvent<Definition>) -> Void) {
    Self.withAddress(of: news) { body(FeatureEvent(trace: self, stage: .news, news: $0)) }
  }

  /// Calls `body` with the event of a stage of asynchronous work.
  @inlinable @inline(__always)
  func withEvent(
    _ stage: FeatureStage, work: TracedWork<Definition.Action>, error: (any Error)?,
    _ body: (borrowing FeatureEvent<Definition>) -> Void
  ) {
    Self.withAddress(of: work.info) { info in
      Self.withPointer(to: work.action) { action in
        Self.withPointer(to: error) { error in
          body(FeatureEvent(trace: self, stage: stage, action: action, work: info, error: error))
        }
      }
    }
  }

  /// Calls `body` with the address of `value`.
  ///
  /// A value of a type with no stored data (an enum with one case, an empty struct) has no
  /// address of its own: `withUnsafePointer` may give a null pointer for it in optimized code,
  /// which the event's optional pointers would read as "no value". Such a value gets a
  /// non-null, aligned address that is never read, as empty collections do.
  @inlinable @inline(__always)
  static func withAddress<Value, Result>(
    of value: borrowing Value, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    if MemoryLayout<Value>.size == 0 {
      return body(UnsafePointer(bitPattern: MemoryLayout<Value>.alignment)!)
    }
    return withUnsafePointer(to: value) { body($0) }
  }

  /// Calls `body` with the address of `value`, or with `nil` when there is none.
  @inlinable @inline(__always)
  static func withPointer<Value, Result>(
    to value: Value?, _ body: (UnsafePointer<Value>?) -> Result
  ) -> Result {
    guard let value else { return body(nil) }
    return Self.withAddress(of: value) { body($0) }
  }

}

/// An interceptor whose type is known, called for one definition's events.
///
/// The trace opens each interceptor existential once, when the feature is created: called
/// through the existential, each stage copied the interceptor out of the array to open it.
@usableFromInline
class OpenedInterceptor<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: immutable, and its subclass holds a Sendable interceptor.

  @usableFromInline
  init() {}

  /// Calls the interceptor.
  @usableFromInline
  func intercept(_ event: borrowing FeatureEvent<Definition>) {}

  /// The opened form of `interceptor` (an existential is opened by the call).
  @usableFromInline
  static func open(_ interceptor: some FeatureInterceptor) -> OpenedInterceptor {
    Opened(interceptor)
  }

  private final class Opened<Interceptor: FeatureInterceptor>: OpenedInterceptor,
    @unchecked Sendable
  {
    let interceptor: Interceptor

    init(_ interceptor: Interceptor) {
      self.interceptor = interceptor
    }

    override func intercept(_ event: borrowing FeatureEvent<Definition>) {
      interceptor.intercept(event)
    }
  }
}
