/// The running machinery of a ``Feature``: the processing token, the queue, the state and the
/// observers.
///
/// The public ``Feature`` holds its core and disposes it when it is deinitialized; everything
/// that must outlive a call (asynchronous work, subscriptions, the hop to the main actor) holds
/// the core, never the feature, so the feature deallocates with work pending, and no weak
/// reference makes the hot path's reference counting take the slow path.
///
/// How a wish is processed:
/// - Whoever finds the feature idle takes the processing token with one compare-and-swap on
///   ``control`` (from `0` to ``ControlFlag/processing``), runs the definition's code with no
///   lock held, and gives the token back with another (from ``ControlFlag/processing`` to `0`).
/// - Anything else in the control word (items queued by other threads, observer changes,
///   disposal, a feature not started yet) makes that compare-and-swap fail, and the caller takes
///   the locked slow path, which handles it.
/// - After each effect the new state is published to ``published`` with one atomic exchange,
///   before any observer runs, so a thread told about a state by an observer reads at least that
///   state from ``Feature/state``.
@usableFromInline
final class FeatureCore<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: shared mutable data is either atomic (`control`), behind the lock (`shared`),
  // published lock-free (`published`), or owned by the token holder (`owned`), whose token
  // changes hands with acquire/release ordering.

  @usableFromInline typealias Wish = Definition.Wish
  @usableFromInline typealias Action = Definition.Action
  @usableFromInline typealias Effect = Definition.Effect
  @usableFromInline typealias State = Definition.State
  @usableFromInline typealias News = Definition.News

  @usableFromInline let definition: Definition
  @usableFromInline let configuration: FeatureConfiguration
  /// What sees every stage at run time: the package's hook, logs, and the interceptors
  /// attached at run time; `nil` when nothing does.
  @usableFromInline let trace: FeatureTrace<Definition>?
  /// The feature's trace when it keeps a compiled interceptor for the core to call (the
  /// definition has one, and it did not ask for a log, which the trace writes); `nil`
  /// otherwise. The interceptor's events come from it (``FeatureEvent`` reads the feature's
  /// description there). Retained here and released in `deinit`, so that a call reads it
  /// without a retain and a release at every stage.
  @usableFromInline let compiledTrace: Unmanaged<FeatureTrace<Definition>>?
  /// The writer of the log of the definition's compiled interceptor, when it asked for one
  /// (the trace's ``FeatureTrace/compiledLog``, which the trace keeps): read here, at each
  /// stage, without going through the trace.
  @usableFromInline let compiledLog: FeatureEventLogWriter<Definition>?
  /// Told when the work moves, for the testing module; `nil` otherwise. A monitored feature
  /// always takes the slow path, which tells it.
  @usableFromInline let monitor: WorkMonitor?
  /// Whether only the main actor may process (``FeatureConfiguration/Isolation/mainActor``).
  @usableFromInline let isMainActorOnly: Bool
  /// The processing token and the flags that send callers to the slow path.
  @usableFromInline let control: AtomicWord
  /// What several threads share, behind the lock; see ``SharedState``.
  @usableFromInline let shared: LockedCell<SharedState>
  /// What only the token holder touches; see ``TokenHolderState``.
  @usableFromInline let owned: UnsafeMutablePointer<TokenHolderState>
  /// The state as other threads read it: written by the token holder, read under `shared`'s lock.
  @usableFromInline let published: PublishedValue<State>

  /// Inlinable, like the rest of the lifecycle, so creating a feature is specialized for the
  /// client's definition: unspecialized, it looked up generic metadata for each stored part.
  @inlinable
  init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration,
    trace: FeatureTrace<Definition>?,
    monitor: WorkMonitor? = nil
  ) {
    self.definition = definition
    self.configuration = configuration
    self.trace = trace?.tracesAtRunTime == true ? trace : nil
    compiledTrace =
      trace?.compiled == nil && trace?.compiledLog == nil
      ? nil : trace.map { Unmanaged.passRetained($0) }
    compiledLog = trace?.compiledLog?.handle
    self.monitor = monitor
    isMainActorOnly = configuration.isolation == .mainActor
    // The words, the lock, the shared and owned parts and the published states live in one
    // allocation, the control word first: a feature costs two allocations with its core.
    var layout = RawLayout()
    let controlOffset = layout.place(Int.self)
    let middleOffset = layout.place(Int.self)
    let mutexOffset = layout.place(LockedCell<SharedState>.Primitive.self)
    let sharedOffset = layout.place(SharedState.self)
    let ownedOffset = layout.place(TokenHolderState.self)
    let slotsOffset = layout.place(State.self, count: 3)
    let memory = layout.allocate()
    control = AtomicWord(
      at: memory.at(controlOffset),
      value: ControlFlag.notStarted | (monitor == nil ? 0 : ControlFlag.monitored))
    shared = LockedCell(
      SharedState(), mutex: memory.at(mutexOffset), storage: memory.at(sharedOffset))
    owned = memory.at(ownedOffset)
    owned.initialize(to: TokenHolderState(state: initialState))
    published = PublishedValue(
      initialState, slots: memory.at(slotsOffset, count: 3), middle: memory.at(middleOffset))
  }

  deinit {
    // Only reached after `dispose()`, so the observers are already finished.
    owned.pointee.stateObservers?.release()
    owned.pointee.newsObservers?.release()
    owned.deinitialize(count: 1)
    shared.deinitialize()
    published.deinitialize()
    // The control word is at the start of the core's one allocation.
    UnsafeMutableRawPointer(control.pointer).deallocate()
    compiledTrace?.release()
  }

  // MARK: - Submitting

  /// Processes `item` now when the feature is idle, otherwise queues it.
  @inlinable
  func submit(_ item: Item) {
    if claimIfIdle() {
      process(item)
      finishProcessing()
    } else {
      submitSlowly(item)
    }
  }

  /// Takes the processing token when the feature is idle, started, with nothing queued or
  /// changed, and this thread may process; one compare-and-swap.
  @inlinable @inline(__always)
  func claimIfIdle() -> Bool {
    (!isMainActorOnly || isMainThread())
      && control.compareExchange(expected: 0, desired: ControlFlag.processing)
  }

  /// The slow path of ``submit(_:)``: anything but "idle, started, nothing queued". The queue
  /// state machine decides; this carries out its decision.
  @inlinable
  func submitSlowly(_ item: Item) {
    let canProcess = !isMainActorOnly || isMainThread()
    let action = shared.withLock { shared -> QueueStateMachine<Item>.SubmitAction in
      if case .travel(let step) = item {
        let ending = if case .end = step.value { true } else { false }
        return shared.machine.travel(
          item,
          ending: ending,
          canProcess: canProcess,
          control: control
        )
      }
      return shared.machine.submit(item, canProcess: canProcess, control: control)
    }
    carryOut(action, for: item)
  }

  /// Carries out what the machine decided about `item`, with no lock held.
  @inlinable
  func carryOut(_ action: QueueStateMachine<Item>.SubmitAction, for item: Item?) {
    switch action {
    case .process:
      if let item { process(item) }
      finishProcessing()
    case .drain:
      finishProcessing()
    case .hopToMain:
      Task { @MainActor in self.drainOnMainActor() }
    case .refused:
      if case .subscribe(let observer) = item { observer.value.finish?() }
    case .queued:
      break
    }
  }

  @MainActor @usableFromInline
  func drainOnMainActor() {
    let action = shared.withLock { $0.machine.hopArrived(control: control) }
    carryOut(action, for: nil)
  }

  // MARK: - Giving the token back

  /// Processes what was queued meanwhile, then gives up the processing token.
  @inlinable
  func finishProcessing() {
    if !control.compareExchange(expected: ControlFlag.processing, desired: 0) {
      finishProcessingSlowly()
    }
  }

  @inlinable
  func finishProcessingSlowly() {
    while true {
      if control.loadRelaxed() & ControlFlag.keptActions != 0 {
        processPostProcessed()
        // Nothing else came meanwhile: give the token back without the lock.
        if control.compareExchange(expected: ControlFlag.processing, desired: 0) { return }
      }
      if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
        checkpoint()
      }
      let canProcess = !isMainActorOnly || isMainThread()
      let observersFinished = owned.pointee.isFinished
      let next = shared.withLock { shared in
        shared.machine.next(
          canProcess: canProcess,
          observersFinished: observersFinished,
          control: control
        )
      }
      switch next {
      case .process(let item):
        process(item)
      case .checkpoint:
        continue
      case .released(let hopToMain, let idle):
        if hopToMain { Task { @MainActor in self.drainOnMainActor() } }
        if idle { resumeIdleWaiters() }
        monitor?.changed()
        return
      }
    }
  }

  /// Resumes the callers of ``Feature/idle()`` once the feature is idle.
  @usableFromInline @inline(never)
  func resumeIdleWaiters() {
    let waiters = shared.withLock { $0.machine.takeIdleWaiters(control: control) }
    for waiter in waiters { waiter.resume() }
  }

  /// Applies observer changes made from outside and, after disposal, finishes the observers.
  /// Only the token holder calls it, never while it is calling observers.
  @inlinable
  func checkpoint() {
    let (changes, isDisposed) = shared.withLock { shared in
      control.clearBits(ControlFlag.observersChanged)
      defer { shared.changes = ObserverChanges() }
      return (shared.changes, shared.isDisposed)
    }
    if !changes.newsAdditions.isEmpty {
      let list = newsObserverList()
      for observer in changes.newsAdditions { list.slots.add(observer, id: observer.id) }
    }
    for id in changes.removals { forgetObserver(id) }
    if isDisposed, !owned.pointee.isFinished {
      owned.pointee.isFinished = true
      report(.disposed)
      var finished: [@Sendable () -> Void] = []
      if let list = owned.pointee.stateObservers?.takeUnretainedValue() {
        finished += list.slots.removeAll().compactMap(\.finish)
      }
      if let list = owned.pointee.newsObservers?.takeUnretainedValue() {
        finished += list.slots.removeAll().compactMap(\.finish)
      }
      for finish in finished { finish() }
    }
  }

  /// Removes observer `id` from the state or news observers, or, when it is not added yet,
  /// makes its queued request be refused. The removed observer is released here, by the token
  /// holder, outside the lock and before the next delivery.
  @inlinable
  func forgetObserver(_ id: UInt64) {
    if owned.pointee.stateObservers?.takeUnretainedValue().slots.remove(id: id) != nil {
      return
    }
    if owned.pointee.newsObservers?.takeUnretainedValue().slots.remove(id: id) != nil {
      return
    }
    // Not added yet: only a state subscription can be, while its request waits in the queue.
    stateObserverList().slots.cancelBeforeAdding(id: id)
  }

  /// The state observers' list, created with the first observer.
  @inlinable
  func stateObserverList() -> ObserverList<State> {
    if let list = owned.pointee.stateObservers { return list.takeUnretainedValue() }
    let list = ObserverList<State>()
    owned.pointee.stateObservers = .passRetained(list)
    return list
  }

  /// The news observers' list, created with the first observer.
  @inlinable
  func newsObserverList() -> ObserverList<News> {
    if let list = owned.pointee.newsObservers { return list.takeUnretainedValue() }
    let list = ObserverList<News>()
    owned.pointee.newsObservers = .passRetained(list)
    return list
  }

  // MARK: - Tracing

  /// Whether the definition has a compiled interceptor that the core calls; known when
  /// compiling for most definitions (``NoInterceptor``), whose code then has no such calls.
  /// Asked of the type, not of `definition.compiledInterceptor`, which retained and released an
  /// interceptor that is a class at every stage; `compiledTrace` says whether the definition
  /// had one when the feature was created. That stored reference is read first, so that code
  /// not specialized for the definition (a feature made inside another generic library), where
  /// it is `nil` for most features, does not ask the type at every stage.
  @inlinable @inline(__always)
  var hasCompiledInterceptor: Bool {
    compiledTrace != nil && Definition.CompiledInterceptor.self != NoInterceptor.self
  }

  /// Hands one stage to the definition's compiled interceptor, in code specialized for the
  /// definition and so for the interceptor: `event` builds the stage's event from the trace
  /// with one of its `withEvent` methods, and when the interceptor's `intercept(_:)` is inlined
  /// and reads nothing, nothing of it is left.
  ///
  /// ```swift
  /// intercept { trace, call in trace.withEvent(wish: wish, call) }
  /// ```
  @inlinable @inline(__always)
  func intercept(
    _ event: (
      FeatureTrace<Definition>, (borrowing FeatureEvent<Definition>) -> Void
    ) -> Void
  ) {
    // A compiled interceptor with a log is not called: no event is built for it.
    guard hasCompiledInterceptor, logWriter == nil else { return }
    compiledTrace.unsafelyUnwrapped._withUnsafeGuaranteedRef { trace in
      event(trace) { trace.compiled?.intercept($0) }
    }
  }

  /// The log of the definition's compiled interceptor, when it asked for one (a recorder
  /// compiled in), for a stage to write itself into in code specialized for the definition:
  /// `nil`, and nothing left of the write, for a definition whose compiled interceptor never
  /// asks (``FeatureInterceptor/mayAskForLog``).
  ///
  /// ```swift
  /// logWriter?.append(.wish, wish: wish)
  /// ```
  @inlinable @inline(__always)
  var logWriter: FeatureEventLogWriter<Definition>? {
    // The stored log first, as in `hasCompiledInterceptor`.
    guard let compiledLog, Definition.CompiledInterceptor.mayAskForLog else { return nil }
    return compiledLog
  }

  /// Reports a stage off the hot path: to the compiled interceptor, then to the trace.
  @inlinable
  func report(_ payload: FeatureTraceEvent<Definition>) {
    intercept { trace, call in trace.withEvent(of: payload, call) }
    logWriter?.append(stageOf: payload)
    trace?(payload)
  }

  // MARK: - Processing

  /// Whether the feature was disposed; checked by the token holder between user calls.
  @inlinable
  var isDisposedForProcessing: Bool {
    control.loadRelaxed() & ControlFlag.disposed != 0
  }

  @inlinable
  func process(_ item: Item) {
    switch item {
    case .wish(let wish):
      intercept { trace, call in trace.withEvent(wish: wish, call) }
      logWriter?.append(.wish, wish: wish)
      trace?.wish(wish)
      handle(definition.wishToAction(wish))
    case .action(let action):
      handle(action)
    case .bootstrapAction(let action):
      report(.bootstrapAction(action))
      handle(action)
    case .effect(let effect, let action):
      apply(effect, from: action)
    case .subscribe(let observer):
      addStateObserver(observer.value)
    case .start:
      runBootstrapper()
    case .traced(let event):
      report(event.value)
    case .travel(let step):
      travel(step.value)
    }
  }

  /// Runs the Actor for one action and reduces its synchronous effects.
  @inlinable
  func handle(_ action: Action) {
    intercept { trace, call in trace.withEvent(.action, action: action, call) }
    logWriter?.append(.action, action: action)
    trace?.action(action)
    launch(definition.act(owned.pointee.state, action), from: action)
    intercept { trace, call in trace.withEvent(.actionHandled, action: action, call) }
    logWriter?.append(.actionHandled, action: action)
    trace?.actionHandled(action)
  }

  /// Reduces one effect, publishes the state, then notifies state observers, publishes news and
  /// queues the PostProcessor's action, in that order.
  @inlinable
  func apply(_ effect: Effect, from action: Action) {
    // Two copies of one body: the untraced one, inlined into the hot path, has no trace code.
    if trace == nil {
      apply(effect, from: action, traced: false)
    } else {
      applyTraced(effect, from: action)
    }
  }

  @inlinable @inline(never)
  func applyTraced(_ effect: Effect, from action: Action) {
    apply(effect, from: action, traced: true)
  }

  @inlinable @inline(__always)
  func apply(_ effect: Effect, from action: Action, traced: Bool) {
    intercept { trace, call in trace.withEvent(effect: effect, action: action, call) }
    logWriter?.append(.effect, action: action, effect: effect)
    if traced { trace?.effect(effect, from: action) }
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if owned.pointee.isFinished { return }
    // The state before the effect is copied only for a trace that reads it or the compiled
    // interceptor; a log refers to the state it kept before, so it needs no copy.
    let previous =
      (traced && trace.unsafelyUnwrapped.needsPreviousState)
        || (hasCompiledInterceptor && logWriter == nil)
      ? owned.pointee.state : nil
    definition.reduce(&owned.pointee.state, effect)
    let state = owned.pointee.state
    published.publish(state, back: &owned.pointee.back)
    logWriter?.append(.state, effect: effect, state: state)
    if let previous {
      intercept { trace, call in
        trace.withEvent(state: state, previous: previous, effect: effect, call)
      }
      if traced { trace?.state(state, previous: previous, effect: effect) }
    } else if traced {
      trace?.loggedState(state, effect: effect)
    }
    notify(owned.pointee.stateObservers, of: state)
    if let news = definition.publishNews(action, effect, state) {
      intercept { trace, call in trace.withEvent(news: news, call) }
      logWriter?.append(.news, news: news)
      if traced { trace?.news(news) }
      if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
        checkpoint()
      }
      notify(owned.pointee.newsObservers, of: news)
    }
    if let next = definition.postProcess(action, effect, state) {
      intercept { trace, call in trace.withEvent(.postProcessedAction, action: next, call) }
      logWriter?.append(.postProcessedAction, action: next)
      if traced { trace?.postProcessedAction(next) }
      keepPostProcessed(next)
    }
  }

  /// Shows a past state to the observers, or goes back to the live one.
  @usableFromInline
  func travel(_ step: TravelStep) {
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if owned.pointee.isFinished { return }
    let shown: State
    switch step {
    case .show(let state):
      if owned.pointee.liveState == nil {
        owned.pointee.liveState = owned.pointee.state
      }
      shown = state
    case .end(let continuing):
      guard let live = owned.pointee.liveState else { return }
      owned.pointee.liveState = nil
      if continuing { return }
      shown = live
    }
    owned.pointee.state = shown
    published.publish(shown, back: &owned.pointee.back)
    notify(owned.pointee.stateObservers, of: shown)
  }

  /// Calls every observer in `list` with `value`, stopping if the feature is disposed meanwhile.
  @inlinable
  func notify<Value>(_ list: Unmanaged<ObserverList<Value>>?, of value: Value) {
    list?._withUnsafeGuaranteedRef { list in
      // Not retained: nothing changes the observers while the token holder notifies them.
      list.observersToNotify()._withUnsafeGuaranteedRef { snapshot in
        for index in snapshot.items.indices {
          if isDisposedForProcessing { return }
          snapshot.items[index].receive(value)
        }
      }
    }
  }

  /// Queues the PostProcessor's action. While nothing is queued and nothing else is going on
  /// (the control word holds only the token), the token holder keeps it for itself, without the
  /// lock: anything queued later comes after it, as it would in the shared queue. The
  /// ``ControlFlag/keptActions`` bit sends the token's release through the slow path, which
  /// processes them. Otherwise the action joins the shared queue, behind what was queued before.
  @inlinable
  func keepPostProcessed(_ action: Action) {
    let word = control.loadRelaxed()
    if Self.holdsOnlyToken(word) {
      if word == ControlFlag.processing { control.setBits(ControlFlag.keptActions) }
      owned.pointee.keep(action)
    } else {
      shared.withLock { $0.machine.enqueue(.action(action), control: control) }
    }
  }

  /// Whether the control word `word` holds the token and nothing else but kept actions: nothing
  /// queued, no travel, disposal, observer change, waiter or monitor.
  @inlinable @inline(__always)
  static func holdsOnlyToken(_ word: Int) -> Bool {
    word & ~ControlFlag.keptActions == ControlFlag.processing
  }

  /// Processes the PostProcessor's actions the token holder kept (and those they produce), in
  /// order, while nothing else is going on. When something is (an item queued, time travel,
  /// disposal, an observer change, a monitor), the rest go to the front of the shared queue,
  /// before the items queued after them, and the queue state machine decides as for any item.
  @inlinable @inline(never)
  func processPostProcessed() {
    while Self.holdsOnlyToken(control.loadRelaxed()),
      let action = owned.pointee.takeFirstKept()
    {
      process(.action(action))
    }
    if owned.pointee.firstPostProcessed != nil {
      var kept: [Item] = []
      while let action = owned.pointee.takeFirstKept() { kept.append(.action(action)) }
      shared.withLock { $0.machine.takeBack(kept, control: control) }
    }
    control.clearBits(ControlFlag.keptActions)
  }

  @inlinable
  func addStateObserver(_ observer: Observer<State>) {
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if owned.pointee.isFinished {
      observer.finish?()
      return
    }
    // Refused when its subscription was cancelled while this request waited in the queue.
    guard stateObserverList().slots.add(observer, id: observer.id) else { return }
    observer.receive(owned.pointee.state)
  }

  @inlinable
  func runBootstrapper() {
    report(.started)
    launch(
      definition.bootstrap(),
      source: .bootstrapper,
      now: { process(.bootstrapAction($0)) },
      later: { [self] action in submit(.bootstrapAction(action)) }
    )
    let held = shared.withLock { $0.machine.bootstrapped(control: control) }
    for item in held { process(item) }
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
    // Disposed already (the feature's deinit after an explicit dispose): nothing to take.
    if control.loadRelaxed() & ControlFlag.disposed != 0 { return }
    guard let released = shared.withLock({ $0.dispose(control: control) }) else { return }
    // The `disposed` stage is reported by the token holder, in `checkpoint()`: this thread may
    // not hold the token, and a stage reported here would race with the token holder's.
    released.finishAll()
    // When another call is processing, it finishes the observers at its next step.
    if released.machine.claimed { finishProcessing() }
  }

  var isDisposed: Bool {
    shared.withLock { $0.isDisposed }
  }

  // MARK: - Observers

  @inlinable
  func makeID() -> UInt64 {
    shared.withLock { $0.makeID() }
  }

  /// Registers a news observer, effective for the next news; `nil` when already disposed.
  @inlinable
  func addNewsObserver(
    receive: @escaping @Sendable (News) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> UInt64? {
    let added = shared.withLock { shared -> (id: UInt64, claimed: Bool)? in
      guard !shared.isDisposed else { return nil }
      let id = shared.makeID()
      shared.changes.newsAdditions.append(Observer(id: id, receive: receive, finish: finish))
      return (id, shared.machine.observersChanged(control: control))
    }
    if added?.claimed == true { finishProcessing() }
    return added?.id
  }

  /// Adds a state observer, which first receives the current state: at once when the feature is
  /// idle, otherwise in turn, after the work queued before it.
  @inlinable
  func addStateObserverInTurn(_ observer: Observer<State>) {
    if claimIfIdle() {
      // Idle: added here, with no queue item to allocate.
      addStateObserver(observer)
      finishProcessing()
    } else {
      submitSlowly(.subscribe(Box(observer)))
    }
  }

  /// Forgets the state or news observer `id`; it receives nothing once the change is applied,
  /// at once when the feature is idle, otherwise before the next state or news.
  @inlinable
  func removeObserver(_ id: UInt64) {
    // Idle and nothing else pending: the change is made here, without the lock or a queued
    // change.
    if control.compareExchange(expected: 0, desired: ControlFlag.processing) {
      forgetObserver(id)
      finishProcessing()
      return
    }
    let claimed = shared.withLock { shared -> Bool in
      guard !shared.isDisposed else { return false }
      shared.changes.removals.append(id)
      return shared.machine.observersChanged(control: control)
    }
    if claimed { finishProcessing() }
  }

  /// The number of state and news observers, and of cancelled state subscriptions whose request
  /// is still queued; `nil` while another call is processing. For tests.
  func observerCounts() -> ObserverCounts? {
    let word = control.load()
    guard word & ~ControlFlag.monitored == 0,
      control.compareExchange(expected: word, desired: word | ControlFlag.processing)
    else {
      return nil
    }
    defer { finishProcessing() }
    let state = owned.pointee.stateObservers?.takeUnretainedValue().slots
    let news = owned.pointee.newsObservers?.takeUnretainedValue().slots
    return ObserverCounts(
      state: state?.count ?? 0,
      news: news?.count ?? 0,
      cancelledBeforeAdding: state?.cancelledBeforeAddingCount ?? 0
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
