/// A running MVI feature: it owns the state of a ``FeatureDefinition``, accepts wishes from any
/// thread, and publishes states and news.
///
/// ```swift
/// let counter = Feature(initialState: Counter.State(), definition: Counter(clock: clock))
/// let token = counter.observeNews { news in print(news) }
/// counter.accept(.increment)
/// print(counter.state.count)  // 1: synchronous effects are reduced before `accept` returns
/// ```
///
/// Processing is queued and never recursive: a wish sent while the feature is processing (from an
/// observer, another thread, or asynchronous work) is handled after the current one. Whoever finds
/// the feature idle processes the queue; no internal lock is held while the definition's code or
/// an observer runs. The <doc:Concurrency> article lists every rule.
public final class Feature<Definition: FeatureDefinition>: Sendable {
  /// The feature's public input.
  public typealias Wish = Definition.Wish
  /// The Actor's input.
  public typealias Action = Definition.Action
  /// The Reducer's input.
  public typealias Effect = Definition.Effect
  /// The feature's state.
  public typealias State = Definition.State
  /// The feature's outgoing signals.
  public typealias News = Definition.News

  /// The parts this feature runs.
  public let definition: Definition
  /// How this feature runs.
  public let configuration: FeatureConfiguration

  @usableFromInline let box: LockedBox<Storage>
  /// The state as the processing thread sees it; see ``ProcessorOwned``.
  @usableFromInline let working: ProcessorOwned<State>
  @usableFromInline let trace: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?

  /// Creates a feature and, unless told otherwise, starts it.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - definition: The Actor, Reducer and other parts.
  ///   - configuration: Name, isolation and error reporting.
  ///   - startsImmediately: When `false`, the Bootstrapper does not run until ``start()``; use it
  ///     to subscribe to news before the Bootstrapper's first actions. Wishes accepted before
  ///     ``start()`` are held and handled right after the Bootstrapper's synchronous actions.
  public convenience init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration = .init(),
    startsImmediately: Bool = true
  ) {
    self.init(
      initialState: initialState,
      definition: definition,
      configuration: configuration,
      startsImmediately: startsImmediately,
      trace: nil
    )
  }

  /// Creates a feature with a trace hook that sees every stage in processing order.
  package init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration = .init(),
    startsImmediately: Bool = true,
    trace: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  ) {
    self.definition = definition
    self.configuration = configuration
    self.box = LockedBox(Storage(state: initialState))
    self.working = ProcessorOwned(initialState)
    self.trace = trace
    if startsImmediately { start() }
  }

  deinit {
    // Nobody else holds the feature, so nothing is processing: release work and end streams.
    let storage = box.withLock { $0 }
    for record in storage.tasks.values { record.cancel() }
    for observer in storage.stateObservers { observer.finish?() }
    for observer in storage.newsObservers { observer.finish?() }
  }

  // MARK: - Input

  /// Sends a wish to the feature.
  ///
  /// Safe from any thread. When no other thread is processing, the wish is handled before this
  /// call returns and ``state`` already shows its synchronous effects; otherwise it is queued
  /// behind the work in progress. After ``dispose()`` it does nothing.
  ///
  /// - Parameter wish: What the user wants.
  @inlinable
  public func accept(_ wish: Wish) {
    submit(.wish(wish))
  }

  /// Starts the feature: runs the Bootstrapper, then the wishes held since creation.
  ///
  /// Features start on creation unless created with `startsImmediately: false`. Starting twice,
  /// or after ``dispose()``, does nothing.
  public func start() {
    let starts = box.withLock { storage in
      guard !storage.isStarted, !storage.isDisposed else { return false }
      storage.isStarted = true
      return true
    }
    if starts { submit(.start) }
  }

  /// Stops the feature for good: cancels asynchronous effects and the Bootstrapper's work,
  /// finishes every ``states`` and ``news`` sequence, and makes later wishes do nothing.
  ///
  /// Effects already reduced stay reduced; ``state`` keeps the last state. Calling it again does
  /// nothing. Deinitialization does the same.
  public func dispose() {
    guard
      let released = box.withLock({ storage -> Storage.Released? in
        storage.isDisposed ? nil : storage.release()
      })
    else { return }
    trace?(.disposed)
    released.finishAll()
  }

  /// Whether ``dispose()`` was called.
  public var isDisposed: Bool {
    box.withLock { $0.isDisposed }
  }

  // MARK: - Processing

  @inlinable
  func submit(_ item: Item) {
    let mainOnly = configuration.isolation == .mainActor
    let onMain = mainOnly ? isMainThread() : true
    let decision = box.withLock { storage -> SubmitDecision in
      if storage.isDisposed { return .dropped }
      if !storage.isStarted, case .wish(let wish) = item {
        storage.held.append(wish)
        return .queued
      }
      if storage.isProcessing || !onMain {
        storage.queue.append(item)
        if !onMain && !storage.isProcessing && !storage.isHopScheduled {
          storage.isHopScheduled = true
          return .hopToMain
        }
        return .queued
      }
      storage.isProcessing = true
      return .process
    }
    switch decision {
    case .process:
      process(item)
      drain()
    case .hopToMain:
      Task { @MainActor [weak self] in self?.drainOnMainActor() }
    case .dropped:
      if case .subscribe(let observer) = item { observer.finish?() }
    case .queued:
      break
    }
  }

  @usableFromInline
  enum SubmitDecision {
    case process, queued, hopToMain, dropped
  }

  @MainActor @usableFromInline
  func drainOnMainActor() {
    let claimed = box.withLock { storage in
      storage.isHopScheduled = false
      guard !storage.isProcessing, !storage.queue.isEmpty, !storage.isDisposed else {
        return false
      }
      storage.isProcessing = true
      return true
    }
    if claimed { drain() }
  }

  /// Processes queued items until the queue is empty, then gives up the processing token.
  @inlinable
  func drain() {
    while let item = box.withLock({ storage -> Item? in
      if let next = storage.queue.popFirst(), !storage.isDisposed { return next }
      storage.isProcessing = false
      return nil
    }) {
      process(item)
    }
  }

  @inlinable
  func process(_ item: Item) {
    switch item {
    case .wish(let wish):
      trace?(.wish(wish))
      handle(definition.wishToAction(wish))
    case .action(let action):
      handle(action)
    case .bootstrapAction(let action):
      trace?(.bootstrapAction(action))
      handle(action)
    case .effect(let effect, let action):
      apply(effect, from: action)
    case .subscribe(let observer):
      let state = working.value
      let added = box.withLock { storage in
        guard !storage.isDisposed else { return false }
        storage.stateObservers.append(observer)
        return true
      }
      if !added {
        observer.finish?()
      } else if !observer.deliver(state) {
        removeStateObserver(observer.id)
      }
    case .start:
      runBootstrapper()
    }
  }

  /// Runs the Actor for one action and reduces its synchronous effects.
  @inlinable
  func handle(_ action: Action) {
    trace?(.action(action))
    let effects = definition.act(working.value, action)
    switch effects.operation {
    case .none:
      return
    case .one(let effect):
      apply(effect, from: action)
    case .many(let effects):
      for effect in effects { apply(effect, from: action) }
    default:
      launch(
        effects,
        cancelIDs: [],
        source: .action(action),
        now: { apply($0, from: action) },
        later: { [weak self] effect in self?.submit(.effect(effect, action)) },
        onError: { [weak self] error in self?.handleError(error, from: action) }
      )
    }
  }

  /// Reduces one effect, then notifies state observers, publishes news and queues the
  /// PostProcessor's action, in that order.
  @inlinable
  func apply(_ effect: Effect, from action: Action) {
    trace?(.effect(effect, action: action))
    var state = working.value
    definition.reduce(&state, effect)
    working.value = state
    guard
      let observers = box.withLock({ storage -> [Observer<State>]? in
        guard !storage.isDisposed else { return nil }
        storage.state = state
        return storage.stateObservers
      })
    else { return }
    trace?(.state(state))
    notify(observers, of: state, remove: removeStateObserver)
    if let news = definition.publishNews(action, effect, state) {
      trace?(.news(news))
      let newsObservers = box.withLock { $0.newsObservers }
      notify(newsObservers, of: news, remove: removeNewsObserver)
    }
    if let next = definition.postProcess(action, effect, state) {
      box.withLock { storage in
        if !storage.isDisposed { storage.queue.append(.action(next)) }
      }
    }
  }

  @inlinable
  func notify<Value>(
    _ observers: [Observer<Value>],
    of value: Value,
    remove: (UInt64) -> Void
  ) {
    for observer in observers where !observer.deliver(value) {
      remove(observer.id)
    }
  }

  @usableFromInline
  func runBootstrapper() {
    trace?(.started)
    launch(
      definition.bootstrap(),
      cancelIDs: [],
      source: .bootstrapper,
      now: { process(.bootstrapAction($0)) },
      later: { [weak self] action in self?.submit(.bootstrapAction(action)) },
      onError: { [weak self] error in self?.report(error, source: "the bootstrapper") }
    )
    let held = box.withLock { storage in
      defer { storage.held = [] }
      return storage.held
    }
    for wish in held { process(.wish(wish)) }
  }

  @usableFromInline
  func handleError(_ error: any Error, from action: Action) {
    if let effect = definition.effect(for: error, from: action) {
      submit(.effect(effect, action))
    } else {
      report(error, source: "action \(action)")
    }
  }

  private func report(_ error: any Error, source: String) {
    let failure = UnhandledEffectError(
      underlying: error,
      featureName: configuration.name,
      source: source
    )
    if let handler = configuration.onUnhandledError {
      handler(failure)
    } else {
      printToStandardError("[Finita] \(failure.description)")
    }
  }

  @usableFromInline
  func removeStateObserver(_ id: UInt64) {
    box.withLock { storage in storage.stateObservers.removeAll { $0.id == id } }
  }

  @usableFromInline
  func removeNewsObserver(_ id: UInt64) {
    box.withLock { storage in storage.newsObservers.removeAll { $0.id == id } }
  }
}

/// The stages of processing, in order, for the trace hook that logging, recording and time
/// travel build on.
@usableFromInline
package enum FeatureTraceEvent<Definition: FeatureDefinition> {
  case started
  case wish(Definition.Wish)
  case bootstrapAction(Definition.Action)
  case action(Definition.Action)
  case effect(Definition.Effect, action: Definition.Action)
  case state(Definition.State)
  case news(Definition.News)
  case disposed
}
