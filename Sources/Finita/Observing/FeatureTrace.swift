/// What a traced feature calls at each stage: the package's own hook (the testing module's),
/// then the interceptors, each with a ``FeatureEvent``.
///
/// A class the core keeps one reference to, so an untraced feature checks one pointer, and a
/// traced one builds each event in code specialized for its definition: built in a closure,
/// the event was copied and destroyed through generic value witnesses, which looked up the
/// definition's associated types at every stage.
@usableFromInline
final class FeatureTrace<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: every stored property is immutable after `init`, and `calls` is memory only
  // this object writes (in `init`) and frees (in `deinit`).

  /// The package's own hook; `nil` when only interceptors trace.
  @usableFromInline let hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  /// The feature's description, which its events show, in memory of the trace's own that
  /// events point to: an interceptor's generic code reads it through the pointer, without the
  /// metadata of the definition's types that reading a property of the trace needs.
  @usableFromInline let infoAddress: UnsafeMutablePointer<FeatureInfo>
  /// Copies an event's values out, in code specialized for the definition (made in
  /// ``make(hook:configuration:)``, which the client's module specializes): an interceptor's
  /// generic code that copied them itself looked up the metadata of an optional of each of the
  /// definition's types at every stage.
  @usableFromInline let copyValues:
    @Sendable (borrowing FeatureEvent<Definition>) -> FeatureEventValues<Definition>
  /// The definition's compiled interceptor, which the core calls itself (``FeatureCore``'s
  /// `intercept(_:)`); `nil` when it has none or it asked for a log. Kept here, where each call
  /// borrows it: read from the definition, it was copied (retained and released) at every
  /// stage; kept by the core, every feature's creation looked up the metadata of its type.
  @usableFromInline let compiled: Definition.CompiledInterceptor?
  /// The log of the definition's compiled interceptor, when it asked for one: the core writes
  /// it itself, in code specialized for the definition, next to where it would call the
  /// interceptor (see ``FeatureCore``'s `logWriter`), with no call to the trace. Kept here,
  /// alive as long as the core that writes it.
  @usableFromInline let compiledLog: FeatureEventLog<Definition>?
  /// Whether the trace has anything to call but the definition's compiled interceptor: the
  /// hook, a log or an opened interceptor. The core calls the trace only then.
  @usableFromInline let tracesAtRunTime: Bool
  /// Whether a stage's state before its effect is read: by the hook or an interceptor that is
  /// called. Logs refer to the state they kept before, so a trace of logs alone lets the core
  /// skip copying it (for a state with references, a retain and a release of each).
  @usableFromInline let needsPreviousState: Bool
  /// The configuration's interceptors, then the installed ones, each opened once.
  @usableFromInline let interceptors: [OpenedInterceptor<Definition>]
  /// The same interceptors in memory of the trace's own, not retained: the calls read these,
  /// so that a stage retains and releases neither an interceptor nor an array's storage
  /// (`interceptors` keeps them alive).
  @usableFromInline
  let calls: UnsafeMutableBufferPointer<Unmanaged<OpenedInterceptor<Definition>>>
  /// The logs of the interceptors that asked for one (``FeatureInterceptorDelivery/log(capacity:clock:)``).
  @usableFromInline let logs: [FeatureEventLog<Definition>]
  /// The same logs' writers, for the stages to write without retaining a log or the array.
  @usableFromInline
  let logWriters: UnsafeMutableBufferPointer<FeatureEventLogWriter<Definition>>

  @inlinable
  init(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    info: FeatureInfo,
    compiled: Definition.CompiledInterceptor?,
    interceptors: [any FeatureInterceptor],
    copyValues:
      @escaping @Sendable (borrowing FeatureEvent<Definition>) -> FeatureEventValues<Definition>
  ) {
    self.hook = hook
    infoAddress = .allocate(capacity: 1)
    infoAddress.initialize(to: info)
    self.copyValues = copyValues
    // A compiled interceptor that asked for a log is attached first, as it comes first.
    if Definition.CompiledInterceptor.mayAskForLog, let logged = compiled,
      let clock = logged.delivery.clock
    {
      let featureLog = FeatureEventLog<Definition>(
        feature: info, capacity: logged.delivery.logCapacity, clock: clock)
      logged.attach(featureLog)
      compiledLog = featureLog
      self.compiled = nil
    } else {
      compiledLog = nil
      self.compiled = compiled
    }
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
    tracesAtRunTime = hook != nil || !logs.isEmpty || !called.isEmpty
    needsPreviousState = hook != nil || !called.isEmpty
    calls = .allocate(capacity: called.count)
    _ = calls.initialize(from: called.lazy.map { Unmanaged.passUnretained($0) })
    logWriters = .allocate(capacity: logs.count)
    _ = logWriters.initialize(from: logs.lazy.map(\.handle))
  }

  deinit {
    infoAddress.deinitialize(count: 1)
    infoAddress.deallocate()
    calls.deallocate()
    logWriters.deallocate()
  }

  /// The trace of a feature of `definition` created with `configuration` and the package's
  /// `hook`: `nil`, and free, when there is neither a hook nor an interceptor.
  @inlinable
  static func make(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    configuration: FeatureConfiguration,
    definition: Definition
  ) -> FeatureTrace? {
    var compiled = definition.compiledInterceptor
    if hook == nil, compiled == nil, configuration.interceptors.isEmpty,
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
    var interceptors = configuration.interceptors + FeatureInterceptors.interceptors(for: info)
    if !Definition.CompiledInterceptor.mayAskForLog, let logged = compiled,
      logged.delivery.clock != nil
    {
      // The feature's code has no log code for this interceptor: its log is written as one
      // attached at run time is, first, as a compiled interceptor comes first.
      interceptors.insert(logged, at: 0)
      compiled = nil
    }
    if hook == nil, compiled == nil, interceptors.isEmpty { return nil }
    return FeatureTrace(
      hook: hook, info: info, compiled: compiled, interceptors: interceptors,
      copyValues: { FeatureEventValues(copying: $0) })
  }

  /// Reports one stage given as the trace's enum: the stages that are not on the hot path.
  @inlinable
  func callAsFunction(_ payload: FeatureTraceEvent<Definition>) {
    hook?(payload)
    if !logs.isEmpty { logStage(payload) }
    if interceptors.isEmpty { return }
    withEvent(of: payload) { deliver($0) }
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

  // Each event built from the values where they are: the core calls these for its compiled
  // interceptor, in code where an interceptor that reads nothing leaves none of it.

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

  // The stages of the hot path, one method each, so an event is built from the values where
  // they are, without the trace's enum, when only interceptors trace.

  /// Reports ``FeatureStage/wish``.
  @inlinable
  func wish(_ wish: Definition.Wish) {
    hook?(.wish(wish))
    if !logs.isEmpty { logWish(wish) }
    if !interceptors.isEmpty { deliverWish(wish) }
  }

  /// Reports ``FeatureStage/action``.
  @inlinable
  func action(_ action: Definition.Action) {
    hook?(.action(action))
    if !logs.isEmpty { logAction(action) }
    if !interceptors.isEmpty { deliver(.action, action) }
  }

  /// Reports ``FeatureStage/actionHandled``.
  @inlinable
  func actionHandled(_ action: Definition.Action) {
    hook?(.actionHandled(action))
    if !logs.isEmpty { logActionHandled(action) }
    if !interceptors.isEmpty { deliver(.actionHandled, action) }
  }

  /// Reports ``FeatureStage/effect``.
  @inlinable
  func effect(_ effect: Definition.Effect, from action: Definition.Action) {
    hook?(.effect(effect, action: action))
    if !logs.isEmpty { logEffect(effect, from: action) }
    if !interceptors.isEmpty { deliverEffect(effect, from: action) }
  }

  /// Reports ``FeatureStage/state``.
  @inlinable
  func state(
    _ state: Definition.State, previous: Definition.State, effect: Definition.Effect
  ) {
    hook?(.state(previous: previous, state, effect: effect))
    if !logs.isEmpty { logState(state, effect: effect) }
    if !interceptors.isEmpty { deliverState(state, previous: previous, effect: effect) }
  }

  /// Reports ``FeatureStage/state`` when nothing but logs reads it
  /// (``needsPreviousState`` is `false`), with no state before the effect.
  @inlinable
  func loggedState(_ state: Definition.State, effect: Definition.Effect) {
    if !logs.isEmpty { logState(state, effect: effect) }
  }

  /// Reports ``FeatureStage/news``.
  @inlinable
  func news(_ news: Definition.News) {
    hook?(.news(news))
    if !logs.isEmpty { logNews(news) }
    if !interceptors.isEmpty { deliverNews(news) }
  }

  /// Reports ``FeatureStage/postProcessedAction``.
  @inlinable
  func postProcessedAction(_ action: Definition.Action) {
    hook?(.postProcessedAction(action))
    if !logs.isEmpty { logPostProcessedAction(action) }
    if !interceptors.isEmpty { deliver(.postProcessedAction, action) }
  }

  // MARK: - Delivering

  /// Keeps the stage in each log.
  @inlinable @inline(__always)
  func log(
    _ stage: FeatureStage, wish: Definition.Wish? = nil, action: Definition.Action? = nil,
    effect: Definition.Effect? = nil, state: Definition.State? = nil,
    news: Definition.News? = nil, work: WorkInfo? = nil, error: (any Error)? = nil
  ) {
    for log in logWriters {
      log.append(
        stage, wish: wish, action: action, effect: effect, state: state, news: news, work: work,
        error: error)
    }
  }

  // One function out of line per stage of the hot path, so that the stage methods stay small
  // enough to be inlined where the interceptors are called, and each writes its own columns.

  @inlinable @inline(never)
  func logWish(_ wish: Definition.Wish) { log(.wish, wish: wish) }

  @inlinable @inline(never)
  func logAction(_ action: Definition.Action) { log(.action, action: action) }

  @inlinable @inline(never)
  func logActionHandled(_ action: Definition.Action) { log(.actionHandled, action: action) }

  @inlinable @inline(never)
  func logPostProcessedAction(_ action: Definition.Action) {
    log(.postProcessedAction, action: action)
  }

  @inlinable @inline(never)
  func logEffect(_ effect: Definition.Effect, from action: Definition.Action) {
    log(.effect, action: action, effect: effect)
  }

  @inlinable @inline(never)
  func logState(_ state: Definition.State, effect: Definition.Effect) {
    // The log refers to the state before this one, which it kept already.
    log(.state, effect: effect, state: state)
  }

  @inlinable @inline(never)
  func logNews(_ news: Definition.News) { log(.news, news: news) }

  /// Keeps a stage given as the trace's enum (the stages off the hot path) in each log.
  @inlinable
  func logStage(_ payload: FeatureTraceEvent<Definition>) {
    for log in logWriters { log.append(stageOf: payload) }
  }

  @inlinable
  func deliver(_ stage: FeatureStage, _ action: Definition.Action) {
    withEvent(stage, action: action) { deliver($0) }
  }

  @inlinable
  func deliverEffect(_ effect: Definition.Effect, from action: Definition.Action) {
    withEvent(effect: effect, action: action) { deliver($0) }
  }

  @inlinable
  func deliverState(
    _ state: Definition.State, previous: Definition.State, effect: Definition.Effect
  ) {
    // Built here rather than with `withEvent`: through its closure, the trace was retained
    // and released at every state.
    Self.withAddress(of: state) { state in
      Self.withAddress(of: previous) { previous in
        Self.withAddress(of: effect) { effect in
          deliver(
            FeatureEvent(
              trace: self, stage: .state, effect: effect, state: state, previousState: previous))
        }
      }
    }
  }

  @inlinable
  func deliverWish(_ wish: Definition.Wish) {
    withEvent(wish: wish) { deliver($0) }
  }

  @inlinable
  func deliverNews(_ news: Definition.News) {
    withEvent(news: news) { deliver($0) }
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

  /// Hands `event` to each interceptor, in order.
  @inlinable
  func deliver(_ event: borrowing FeatureEvent<Definition>) {
    for call in calls { call._withUnsafeGuaranteedRef { $0.intercept(event) } }
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
