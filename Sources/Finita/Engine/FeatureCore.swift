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
  // Safe to send: shared mutable data is either atomic (`control`), behind the lock (`box`),
  // published lock-free (`published`), or owned by the token holder (`processor`), whose token
  // changes hands with acquire/release ordering.

  @usableFromInline typealias Wish = Definition.Wish
  @usableFromInline typealias Action = Definition.Action
  @usableFromInline typealias Effect = Definition.Effect
  @usableFromInline typealias State = Definition.State
  @usableFromInline typealias News = Definition.News

  @usableFromInline let definition: Definition
  @usableFromInline let configuration: FeatureConfiguration
  @usableFromInline let trace: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  /// Whether only the main actor may process (``FeatureConfiguration/Isolation/mainActor``).
  @usableFromInline let isMainActorOnly: Bool
  /// The processing token and the flags that send callers to the slow path.
  @usableFromInline let control: AtomicWord
  @usableFromInline let box: LockedValue<Storage>
  /// Owned by the token holder; see ``Processor``.
  @usableFromInline let processor: UnsafeMutablePointer<Processor>
  /// The state as other threads read it: written by the token holder, read under `box`'s lock.
  @usableFromInline let published: PublishedValue<State>

  @usableFromInline
  init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration,
    trace: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  ) {
    self.definition = definition
    self.configuration = configuration
    self.trace = trace
    isMainActorOnly = configuration.isolation == .mainActor
    control = AtomicWord(ControlFlag.notStarted)
    box = LockedValue(Storage())
    processor = UnsafeMutablePointer<Processor>.allocate(capacity: 1)
    processor.initialize(to: Processor(state: initialState))
    published = PublishedValue(initialState)
  }

  deinit {
    // Only reached after `dispose()`, so the observers are already finished.
    processor.pointee.stateObservers?.release()
    processor.pointee.newsObservers?.release()
    processor.deinitialize(count: 1)
    processor.deallocate()
    control.deallocate()
    published.deallocate()
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

  @usableFromInline
  enum SubmitDecision {
    case process, drain, queued, hopToMain, dropped
  }

  /// The slow path of ``submit(_:)``: anything but "idle, started, nothing queued".
  @inlinable
  func submitSlowly(_ item: Item) {
    let canProcess = !isMainActorOnly || isMainThread()
    let decision = box.withLock { storage -> SubmitDecision in
      if storage.isDisposed { return .dropped }
      if storage.isTravelling, item.waitsWhileTravelling {
        storage.heldWhileTravelling.append(item)
        return .queued
      }
      switch item {
      case .wish(let wish) where !storage.isStarted:
        storage.held.append(wish)
        return .queued
      case .travel(let step):
        // Always queued, so it runs after the work in progress, and the held items after it.
        return queueTravel(step.value, &storage, canProcess: canProcess)
      case .start:
        // Marked under the same lock that claims or queues, so no wish can slip in between
        // "started" and the Bootstrapper.
        if storage.isStarted { return .dropped }
        storage.isStarted = true
      default:
        break
      }
      if canProcess, storage.queue.isEmpty, claimToken() {
        return .process
      }
      storage.queue.append(item)
      // Setting `pending` and reading `processing` in one atomic step matters: a token holder
      // gives the token back with a lock-free compare-and-swap that fails once `pending` is set,
      // so either it sees this item, or this call sees the token free and takes it.
      let word = control.setBits(ControlFlag.pending)
      if word & ControlFlag.processing != 0 { return .queued }
      if canProcess {
        // Items were waiting for the main actor: process them and this one, in order.
        return claimToken() ? .drain : .queued
      }
      if !storage.isHopScheduled {
        storage.isHopScheduled = true
        return .hopToMain
      }
      return .queued
    }
    switch decision {
    case .process:
      process(item)
      finishProcessing()
    case .drain:
      finishProcessing()
    case .hopToMain:
      Task { @MainActor in self.drainOnMainActor() }
    case .dropped:
      if case .subscribe(let observer) = item { observer.value.finish?() }
    case .queued:
      break
    }
  }

  /// Queues a time-travel step; the end of travel releases the held items right after it.
  /// Called under the lock.
  @usableFromInline
  func queueTravel(
    _ step: TravelStep,
    _ storage: inout Storage,
    canProcess: Bool
  ) -> SubmitDecision {
    switch step {
    case .show:
      if !storage.isTravelling {
        storage.isTravelling = true
        control.setBits(ControlFlag.travelling)
      }
      storage.queue.append(.travel(Box(step)))
    case .end:
      guard storage.isTravelling else { return .dropped }
      storage.isTravelling = false
      control.clearBits(ControlFlag.travelling)
      storage.queue.append(.travel(Box(step)))
      for item in storage.heldWhileTravelling { storage.queue.append(item) }
      storage.heldWhileTravelling = []
    }
    let word = control.setBits(ControlFlag.pending)
    if word & ControlFlag.processing != 0 { return .queued }
    if canProcess { return claimToken() ? .drain : .queued }
    if !storage.isHopScheduled {
      storage.isHopScheduled = true
      return .hopToMain
    }
    return .queued
  }

  /// Sets the processing bit unless somebody holds it. Called under the lock.
  @inlinable
  func claimToken() -> Bool {
    var word = control.load()
    while word & ControlFlag.processing == 0 {
      if control.compareExchange(expected: word, desired: word | ControlFlag.processing) {
        return true
      }
      word = control.load()
    }
    return false
  }

  @MainActor @usableFromInline
  func drainOnMainActor() {
    let claimed = box.withLock { storage in
      storage.isHopScheduled = false
      guard !storage.queue.isEmpty, !storage.isDisposed else { return false }
      return claimToken()
    }
    if claimed { finishProcessing() }
  }

  // MARK: - Giving the token back

  /// Processes what was queued meanwhile, then gives up the processing token.
  @inlinable
  func finishProcessing() {
    if !control.compareExchange(expected: ControlFlag.processing, desired: 0) {
      finishProcessingSlowly()
    }
  }

  @usableFromInline
  enum Next {
    case item(Item)
    case checkpoint
    case released
  }

  @inlinable
  func finishProcessingSlowly() {
    while true {
      if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
        checkpoint()
      }
      let canProcess = !isMainActorOnly || isMainThread()
      var hops = false
      let next = box.withLock { storage -> Next in
        while !storage.isDisposed, canProcess, let item = storage.queue.popFirst() {
          if storage.queue.isEmpty { control.clearBits(ControlFlag.pending) }
          // Queued before travel began, or by the step in progress: it waits with the others.
          if storage.isTravelling, item.waitsWhileTravelling {
            storage.heldWhileTravelling.append(item)
            continue
          }
          return .item(item)
        }
        if control.loadRelaxed() & ControlFlag.observersChanged != 0
          || (storage.isDisposed && !processor.pointee.isFinished)
        {
          return .checkpoint
        }
        if storage.isDisposed {
          control.clearBits(ControlFlag.processing | ControlFlag.pending)
        } else {
          if !storage.queue.isEmpty, !storage.isHopScheduled {
            storage.isHopScheduled = true
            hops = true
          }
          control.clearBits(ControlFlag.processing)
        }
        return .released
      }
      switch next {
      case .item(let item):
        process(item)
      case .checkpoint:
        continue
      case .released:
        if hops { Task { @MainActor in self.drainOnMainActor() } }
        return
      }
    }
  }

  /// Applies observer changes made from outside and, after disposal, finishes the observers.
  /// Only the token holder calls it, never while it is calling observers.
  @inlinable
  func checkpoint() {
    let (changes, isDisposed) = box.withLock { storage in
      control.clearBits(ControlFlag.observersChanged)
      defer { storage.changes = ObserverChanges() }
      return (storage.changes, storage.isDisposed)
    }
    if !changes.newsAdditions.isEmpty {
      let list = newsObserverList()
      for observer in changes.newsAdditions { list.slots.add(observer, id: observer.id) }
    }
    for id in changes.removals { forgetObserver(id) }
    if isDisposed, !processor.pointee.isFinished {
      processor.pointee.isFinished = true
      var finished: [@Sendable () -> Void] = []
      if let list = processor.pointee.stateObservers?.takeUnretainedValue() {
        finished += list.slots.removeAll().compactMap(\.finish)
      }
      if let list = processor.pointee.newsObservers?.takeUnretainedValue() {
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
    if processor.pointee.stateObservers?.takeUnretainedValue().slots.remove(id: id) != nil {
      return
    }
    if processor.pointee.newsObservers?.takeUnretainedValue().slots.remove(id: id) != nil {
      return
    }
    // Not added yet: only a state subscription can be, while its request waits in the queue.
    stateObserverList().slots.cancelBeforeAdding(id: id)
  }

  /// The state observers' list, created with the first observer.
  @inlinable
  func stateObserverList() -> ObserverList<State> {
    if let list = processor.pointee.stateObservers { return list.takeUnretainedValue() }
    let list = ObserverList<State>()
    processor.pointee.stateObservers = .passRetained(list)
    return list
  }

  /// The news observers' list, created with the first observer.
  @inlinable
  func newsObserverList() -> ObserverList<News> {
    if let list = processor.pointee.newsObservers { return list.takeUnretainedValue() }
    let list = ObserverList<News>()
    processor.pointee.newsObservers = .passRetained(list)
    return list
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
      addStateObserver(observer.value)
    case .start:
      runBootstrapper()
    case .traced(let event):
      trace?(event.value)
    case .travel(let step):
      travel(step.value)
    }
  }

  /// Runs the Actor for one action and reduces its synchronous effects.
  @inlinable
  func handle(_ action: Action) {
    trace?(.action(action))
    let effects = definition.act(processor.pointee.state, action)
    switch effects.operation {
    case .none:
      break
    case .one(let effect):
      apply(effect, from: action)
    case .many(let effects):
      for effect in effects { apply(effect, from: action) }
    case .work(let work):
      launch(work, from: action)
    }
    trace?(.actionHandled(action))
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
    if traced { trace?(.effect(effect, action: action)) }
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if processor.pointee.isFinished { return }
    // The state before the effect is copied only for the trace.
    let previous = traced ? processor.pointee.state : nil
    definition.reduce(&processor.pointee.state, effect)
    let state = processor.pointee.state
    published.publish(state, back: &processor.pointee.back)
    if traced, let trace, let previous { trace(.state(previous: previous, state, effect: effect)) }
    notify(processor.pointee.stateObservers, of: state)
    if let news = definition.publishNews(action, effect, state) {
      if traced { trace?(.news(news)) }
      if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
        checkpoint()
      }
      notify(processor.pointee.newsObservers, of: news)
    }
    if let next = definition.postProcess(action, effect, state) {
      if traced { trace?(.postProcessedAction(next)) }
      enqueue(.action(next))
    }
  }

  /// Shows a past state to the observers, or goes back to the live one.
  @usableFromInline
  func travel(_ step: TravelStep) {
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if processor.pointee.isFinished { return }
    let shown: State
    switch step {
    case .show(let state):
      if processor.pointee.liveState == nil {
        processor.pointee.liveState = processor.pointee.state
      }
      shown = state
    case .end(let continuing):
      guard let live = processor.pointee.liveState else { return }
      processor.pointee.liveState = nil
      if continuing { return }
      shown = live
    }
    processor.pointee.state = shown
    published.publish(shown, back: &processor.pointee.back)
    notify(processor.pointee.stateObservers, of: shown)
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

  /// Queues an item produced while processing, such as the PostProcessor's action.
  @inlinable
  func enqueue(_ item: Item) {
    box.withLock { storage in
      guard !storage.isDisposed else { return }
      storage.queue.append(item)
      control.setBits(ControlFlag.pending)
    }
  }

  @inlinable
  func addStateObserver(_ observer: Observer<State>) {
    if control.loadRelaxed() & (ControlFlag.observersChanged | ControlFlag.disposed) != 0 {
      checkpoint()
    }
    if processor.pointee.isFinished {
      observer.finish?()
      return
    }
    // Refused when its subscription was cancelled while this request waited in the queue.
    guard stateObserverList().slots.add(observer, id: observer.id) else { return }
    observer.receive(processor.pointee.state)
  }

  @usableFromInline
  func runBootstrapper() {
    trace?(.started)
    launch(
      definition.bootstrap(),
      cancelIDs: [],
      source: .bootstrapper,
      now: { process(.bootstrapAction($0)) },
      later: { [self] action in submit(.bootstrapAction(action)) }
    )
    let held = box.withLock { storage in
      defer { storage.held = [] }
      control.clearBits(ControlFlag.notStarted)
      return storage.held
    }
    for wish in held { process(.wish(wish)) }
  }

  // MARK: - Lifecycle

  /// Marks the feature started and runs the Bootstrapper; does nothing the second time.
  @usableFromInline
  func start() {
    submitSlowly(.start)
  }

  /// Cancels all work, finishes every stream and makes later wishes do nothing.
  func dispose() {
    var claimed = false
    guard
      let released = box.withLock({ storage -> Storage.Released? in
        guard !storage.isDisposed else { return nil }
        control.setBits(ControlFlag.disposed)
        claimed = claimToken()
        return storage.release()
      })
    else { return }
    trace?(.disposed)
    released.finishAll()
    // When another call is processing, it finishes the observers at its next step.
    if claimed { finishProcessing() }
  }

  var isDisposed: Bool {
    box.withLock { $0.isDisposed }
  }

  // MARK: - Observers

  @inlinable
  func makeID() -> UInt64 {
    box.withLock { $0.makeID() }
  }

  /// Registers a news observer, effective for the next news; `nil` when already disposed.
  @inlinable
  func addNewsObserver(
    receive: @escaping @Sendable (News) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> UInt64? {
    var claimed = false
    let id = box.withLock { storage -> UInt64? in
      guard !storage.isDisposed else { return nil }
      let id = storage.makeID()
      storage.changes.newsAdditions.append(Observer(id: id, receive: receive, finish: finish))
      control.setBits(ControlFlag.observersChanged)
      claimed = claimToken()
      return id
    }
    if claimed { finishProcessing() }
    return id
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
    var claimed = false
    box.withLock { storage in
      guard !storage.isDisposed else { return }
      storage.changes.removals.append(id)
      control.setBits(ControlFlag.observersChanged)
      claimed = claimToken()
    }
    if claimed { finishProcessing() }
  }

  /// The number of state and news observers, and of cancelled state subscriptions whose request
  /// is still queued; `nil` while another call is processing. For tests.
  func observerCounts() -> ObserverCounts? {
    guard control.compareExchange(expected: 0, desired: ControlFlag.processing) else {
      return nil
    }
    defer { finishProcessing() }
    let state = processor.pointee.stateObservers?.takeUnretainedValue().slots
    let news = processor.pointee.newsObservers?.takeUnretainedValue().slots
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
