/// The running machinery of a ``Feature``: the storage that carries out what its
/// ``FeatureMachine`` decides.
///
/// The public ``Feature`` holds its core and disposes it when it is deinitialized; everything
/// that must outlive a call (asynchronous work, subscriptions, the hop to the main actor) holds
/// the core, never the feature.
///
/// Every decision is a step of the machine, taken the same way: lock, step, unlock, then switch
/// on the action the step returned (``step(_:)``). Whoever the machine hands the processing
/// token runs the definition's code and the observers with no lock held, then asks the machine
/// what comes next (``finishProcessing()``). The one exception is the ``FastPath``: a caller
/// that finds the feature idle takes the token with one compare-and-swap and processes without
/// the lock.
///
/// The walk from ``Feature/accept(_:)`` to a state observer, in this file: ``submit(_:)``,
/// ``process(_:)``, ``handle(_:)``, ``apply(_:from:)``, ``notify(_:of:)``.
@usableFromInline
final class FeatureCore<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: what threads share is behind the lock (`shared`) or atomic (`fastPath`); the
  // token holder's part (`state`, `liveState`, the observers) is touched only by the thread
  // that holds the processing token, which changes hands through the lock or the fast path's
  // compare-and-swap, both of which order memory.

  @usableFromInline typealias Wish = Definition.Wish
  @usableFromInline typealias Action = Definition.Action
  @usableFromInline typealias Effect = Definition.Effect
  @usableFromInline typealias State = Definition.State
  @usableFromInline typealias News = Definition.News
  @usableFromInline typealias Machine = FeatureMachine<Item, ObserverChange>

  @usableFromInline let definition: Definition
  @usableFromInline let configuration: FeatureConfiguration
  /// Where every stage goes (the hook, then the interceptors); `nil` when nothing observes.
  @usableFromInline let trace: FeatureTrace<Definition>?
  /// Whether each task of asynchronous work is marked with its ``FeatureWork``, for the
  /// testing module's clock.
  @usableFromInline let marksWork: Bool
  /// The executor the testing module runs the asynchronous work on, a `TaskExecutor` (typed
  /// `Executor`, since `TaskExecutor` needs macOS 15 and iOS 18); `nil` for the global one.
  @usableFromInline let workExecutor: (any Executor)?
  /// Whether only the main actor may process (``FeatureConfiguration/Isolation/mainActor``).
  @usableFromInline let isMainActorOnly: Bool
  @usableFromInline let fastPath = FastPath()
  /// What several threads share.
  @usableFromInline let shared: LockedValue<Shared>

  // The token holder's part. Unchecked: the token already makes every access exclusive.

  /// The state the Actor and the Reducer see.
  @exclusivity(unchecked) @usableFromInline var state: State
  /// The live state, kept aside while the feature shows a past one.
  @exclusivity(unchecked) @usableFromInline var liveState: State?
  @exclusivity(unchecked) @usableFromInline var stateObservers = ObserverSlots(
    vacant: Observer<State>(id: 0, receive: { _ in }, finish: nil))
  @exclusivity(unchecked) @usableFromInline var newsObservers = ObserverSlots(
    vacant: Observer<News>(id: 0, receive: { _ in }, finish: nil))
  /// Set once the observers were finished after disposal.
  @exclusivity(unchecked) @usableFromInline var isFinished = false

  /// What the machine does not decide about, beside it under the lock.
  @usableFromInline
  struct Shared {
    @usableFromInline var machine: Machine
    /// The latest state, as ``Feature/state`` reads it from any thread.
    @usableFromInline var published: State
    /// The tasks of asynchronous work, by identifier; the machine counts them.
    @usableFromInline var tasks: [UInt64: TaskRecord] = [:]
    @usableFromInline var lastID: UInt64 = 0

    @usableFromInline
    init(machine: Machine, published: State) {
      self.machine = machine
      self.published = published
    }

    @inlinable
    mutating func makeID() -> UInt64 {
      lastID &+= 1
      return lastID
    }
  }

  /// An observer change made from outside, for the token holder to apply.
  @usableFromInline
  enum ObserverChange {
    case addNews(Observer<News>)
    case remove(UInt64)
  }

  @inlinable
  init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration,
    trace: FeatureTrace<Definition>?,
    marksWork: Bool = false,
    workExecutor: (any Executor)? = nil
  ) {
    self.definition = definition
    self.configuration = configuration
    self.trace = trace
    self.marksWork = marksWork
    self.workExecutor = workExecutor
    isMainActorOnly = configuration.isolation == .mainActor
    state = initialState
    shared = LockedValue(Shared(machine: Machine(), published: initialState))
  }

  // MARK: - Steps of the machine

  /// Runs one step of the machine under the lock: the fast path is closed first (which tells
  /// the machine about a caller on it) and opened again after, if the machine allows.
  @inlinable
  func step<Result>(_ body: (inout Shared) -> Result) -> Result {
    shared.withLock { shared in
      if fastPath.close() { shared.machine.tokenTakenOnFastPath() }
      defer {
        fastPath.update(
          open: shared.machine.allowsFastPath, attention: shared.machine.needsAttention)
      }
      return body(&shared)
    }
  }

  /// Whether this thread may process: any thread, or the main actor for main-actor features.
  @inlinable @inline(__always)
  var canProcessHere: Bool {
    !isMainActorOnly || isMainThread()
  }

  // MARK: - Submitting

  /// Processes `item` now when the feature is idle, otherwise queues it.
  @inlinable
  func submit(_ item: Item) {
    if canProcessHere, fastPath.enter() {
      process(item)
      finishProcessing()
    } else {
      submitSlowly(item)
    }
  }

  /// Asks the machine about `item`, then carries out its decision.
  @inlinable
  func submitSlowly(_ item: Item) {
    let canProcess = canProcessHere
    let action = step { shared in
      if case .travel(let step) = item {
        let ending = if case .end = step.value { true } else { false }
        return shared.machine.travel(item, ending: ending, canProcess: canProcess)
      }
      return shared.machine.submit(item, canProcess: canProcess)
    }
    switch action {
    case .process:
      process(item)
      finishProcessing()
    case .drain:
      finishProcessing()
    case .hopToMain:
      hopToMain()
    case .refused:
      if case .subscribe(let observer) = item { observer.value.finish?() }
    case .queued:
      break
    }
  }

  @inlinable
  func hopToMain() {
    Task { @MainActor in
      if self.step({ $0.machine.hopArrived() }) == .drain { self.finishProcessing() }
    }
  }

  /// Gives the token back: on the fast path when nothing happened meanwhile, otherwise after
  /// processing what the machine says comes next.
  @inlinable
  func finishProcessing() {
    if fastPath.leave() { return }
    while true {
      let canProcess = canProcessHere
      switch step({ $0.machine.next(canProcess: canProcess) }) {
      case .process(let item):
        process(item)
      case .checkpoint(let checkpoint):
        apply(checkpoint)
      case .released(let hops, let idleWaiters):
        if hops { hopToMain() }
        for waiter in idleWaiters { waiter.resume() }
        return
      }
    }
  }

  /// Applies the machine's checkpoint when it asked for one; the token holder calls it before
  /// each delivery.
  @inlinable @inline(__always)
  func attend() {
    if fastPath.needsAttention, let checkpoint = step({ $0.machine.checkpoint() }) {
      apply(checkpoint)
    }
  }

  /// Applies observer changes made from outside and, after disposal, finishes the observers.
  @inlinable
  func apply(_ checkpoint: Machine.Checkpoint) {
    for change in checkpoint.changes {
      switch change {
      case .addNews(let observer):
        newsObservers.add(observer, id: observer.id)
      case .remove(let id):
        if stateObservers.remove(id: id) == nil, newsObservers.remove(id: id) == nil {
          // Not added yet: its request waits in the queue.
          stateObservers.cancelBeforeAdding(id: id)
        }
      }
    }
    guard checkpoint.finishObservers else { return }
    isFinished = true
    emit(.disposed)
    let finishers =
      stateObservers.removeAll().compactMap(\.finish)
      + newsObservers.removeAll().compactMap(\.finish)
    for finish in finishers { finish() }
  }

  // MARK: - Processing

  @inlinable
  func process(_ item: Item) {
    switch item {
    case .wish(let wish):
      emit(.wish(wish))
      handle(definition.wishToAction(wish))
    case .action(let action):
      handle(action)
    case .bootstrapAction(let action):
      emit(.bootstrapAction(action))
      handle(action)
    case .effect(let effect, let action):
      apply(effect, from: action)
    case .subscribe(let observer):
      addStateObserver(observer.value)
    case .start:
      runBootstrapper()
    case .traced(let event):
      emit(event.value)
    case .travel(let step):
      travel(step.value)
    }
  }

  /// Runs the Actor for one action and reduces its synchronous effects.
  @inlinable
  func handle(_ action: Action) {
    emit(.action(action))
    launch(definition.act(state, action), from: action)
    emit(.actionHandled(action))
  }

  /// Reduces one effect, publishes the state, then notifies state observers, publishes news and
  /// queues the PostProcessor's action, in that order.
  @inlinable
  func apply(_ effect: Effect, from action: Action) {
    emit(.effect(effect, action: action))
    attend()
    if isFinished { return }
    let previous = trace == nil ? nil : state
    definition.reduce(&state, effect)
    publish(state)
    if let previous { emit(.state(previous: previous, state, effect: effect)) }
    notify(stateObservers.items, of: state)
    if let news = definition.publishNews(action, effect, state) {
      emit(.news(news))
      attend()
      notify(newsObservers.items, of: news)
    }
    if let next = definition.postProcess(action, effect, state) {
      emit(.postProcessedAction(next))
      step { $0.machine.enqueue(.action(next)) }
    }
  }

  /// Makes `state` the one ``Feature/state`` reads, before any observer is told about it.
  @inlinable
  func publish(_ state: State) {
    shared.withLock { $0.published = state }
  }

  /// Shows a past state to the observers, or goes back to the live one.
  @usableFromInline
  func travel(_ step: TravelStep) {
    attend()
    if isFinished { return }
    let shown: State
    switch step {
    case .show(let past):
      if liveState == nil { liveState = state }
      shown = past
    case .end(let continuing):
      guard let live = liveState else { return }
      liveState = nil
      if continuing { return }
      shown = live
    }
    state = shown
    publish(shown)
    notify(stateObservers.items, of: shown)
  }

  /// Calls every observer in `observers` with `value`, stopping if the feature is disposed
  /// meanwhile. Given the slots' array alone: copying the whole slots retained and released
  /// each of their collections at every delivery.
  @inlinable
  func notify<Value>(_ observers: ContiguousArray<Observer<Value>>, of value: Value) {
    for observer in observers {
      attend()
      if isFinished { return }
      observer.receive(value)
    }
  }

  @inlinable
  func addStateObserver(_ observer: Observer<State>) {
    attend()
    if isFinished {
      observer.finish?()
      return
    }
    // Refused when its subscription was cancelled while this request waited in the queue.
    guard stateObservers.add(observer, id: observer.id) else { return }
    observer.receive(state)
  }

  @inlinable
  func runBootstrapper() {
    emit(.started)
    launch(
      definition.bootstrap(),
      source: .bootstrapper,
      now: { process(.bootstrapAction($0)) },
      later: { [self] action in submit(.bootstrapAction(action)) }
    )
  }

  /// Hands one stage to whatever observes the feature: the one place stages fan out from.
  @inlinable @inline(__always)
  func emit(_ event: @autoclosure () -> FeatureTraceEvent<Definition>) {
    if let trace { trace.emit(event()) }
  }

  // MARK: - Lifecycle

  /// Marks the feature started and runs the Bootstrapper; does nothing the second time.
  @inlinable
  func start() {
    submitSlowly(.start)
  }

  /// Cancels all work, finishes every stream and makes later wishes do nothing.
  @inlinable
  func dispose() {
    let released = step { shared -> (Machine.Disposal, [TaskRecord])? in
      defer { shared.tasks = [:] }
      return shared.machine.dispose().map { ($0, Array(shared.tasks.values)) }
    }
    guard let (disposal, tasks) = released else { return }
    for task in tasks { task.cancel() }
    for case .subscribe(let observer) in disposal.items { observer.value.finish?() }
    for case .addNews(let observer) in disposal.changes { observer.finish?() }
    for waiter in disposal.idleWaiters { waiter.resume() }
    // The `disposed` stage is reported by the token holder when it finishes the observers:
    // this thread, when it does not hold the token, would race with the one that does.
    if disposal.claimed { finishProcessing() }
  }

  var isDisposed: Bool {
    shared.withLock { $0.machine.isDisposed }
  }

  // MARK: - Observers

  @inlinable
  func makeID() -> UInt64 {
    shared.withLock { $0.makeID() }
  }

  /// Adds a state observer, which first receives the current state: at once when the feature is
  /// idle, otherwise in turn, after the work queued before it.
  @inlinable
  func addStateObserverInTurn(_ observer: Observer<State>) {
    submit(.subscribe(Box(observer)))
  }

  /// Registers a news observer, effective for the next news; `nil` when already disposed.
  @inlinable
  func addNewsObserver(
    receive: @escaping @Sendable (News) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> UInt64? {
    let id = makeID()
    let observer = Observer(id: id, receive: receive, finish: finish)
    return change(.addNews(observer)) ? id : nil
  }

  /// Forgets the state or news observer `id`; it receives nothing once the change is applied,
  /// at once when the feature is idle, otherwise before the next state or news.
  @inlinable
  func removeObserver(_ id: UInt64) {
    change(.remove(id))
  }

  /// Asks the machine to apply `change`; `false` once disposed.
  @inlinable @discardableResult
  func change(_ change: ObserverChange) -> Bool {
    switch step({ $0.machine.observerChanged(change) }) {
    case .apply:
      finishProcessing()
    case .queued:
      break
    case .refused:
      return false
    }
    return true
  }

  /// The number of state and news observers, and of cancelled state subscriptions whose request
  /// is still queued; `nil` while another call is processing. For tests.
  func observerCounts() -> ObserverCounts? {
    guard step({ $0.machine.takeTokenIfIdle() }) else { return nil }
    defer { finishProcessing() }
    return ObserverCounts(
      state: stateObservers.count,
      news: newsObservers.count,
      cancelledBeforeAdding: stateObservers.cancelledBeforeAddingCount
    )
  }

  // MARK: - Errors

  @usableFromInline
  func handleError(_ error: any Error, from action: Action) {
    if let effect = definition.effect(for: error, from: action) {
      submit(.effect(effect, action))
    } else {
      report(error, source: "action \(action)")
    }
  }

  @usableFromInline
  func report(_ error: any Error, source: String) {
    configuration.reportUnhandled(error, source: source)
  }
}
