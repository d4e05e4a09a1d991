/// The decisions about a feature's work, as a pure state machine: who processes an item, what
/// runs next, what disposal releases, when the feature is idle.
///
/// The ``FeatureCore`` keeps one machine under its lock. Each step is a `mutating func` that
/// changes the machine and returns what the core must do once the lock is released (process an
/// item, hop to the main actor, apply observer changes, resume callers of ``Feature/idle()``).
/// A step runs no user code and touches no atomic: the tests drive the machine step by step
/// (`FeatureMachineTests`).
///
/// The processing token is ``holdsToken``: whoever a step hands it to processes, and gives it
/// back with ``next(canProcess:)``. The one exception is the core's ``FastPath``: while
/// ``allowsFastPath`` is true, a caller may take the token without the lock; the next step
/// learns it through ``tokenTakenOnFastPath()``.
@usableFromInline
package struct FeatureMachine<Item: QueueItem, Change> {
  /// Where the feature is in its life; each case holds what only that phase needs.
  private enum Phase {
    /// ``Feature/start()`` was not called: wishes are held, to run after the Bootstrapper.
    case notStarted(held: [Item])
    case running
    /// Showing a past state (``Feature/travel(to:)``): what would run the definition's code is
    /// held, in order; `started` says which phase travel ends in.
    case travelling(held: [Item], started: Bool)
    /// Disposed; `observersFinished` once the token holder was told to finish the observers.
    case disposed(observersFinished: Bool)
  }

  private var phase = Phase.notStarted(held: [])
  /// Items waiting for the token holder, in order.
  @usableFromInline package private(set) var queue = RingBuffer<Item>()
  /// Whether somebody holds the processing token.
  @usableFromInline package private(set) var holdsToken = false
  /// Whether a hop to the main actor is scheduled to process the queue there.
  @usableFromInline package private(set) var isHopScheduled = false
  /// How many tasks of asynchronous work are running.
  @usableFromInline package private(set) var runningWork = 0
  /// Observer changes made from outside, for the token holder to apply.
  private var changes: [Change] = []
  /// Callers of ``Feature/idle()`` waiting for the feature to have no work.
  private var idleWaiters: [IdleWaiter] = []
  private var lastIdleWaiterID: UInt64 = 0

  /// A machine for a feature not started yet.
  @usableFromInline package init() {}

  // MARK: - What the core reads

  /// Whether ``Feature/start()`` was called.
  @usableFromInline package var isStarted: Bool {
    switch phase {
    case .notStarted: false
    case .travelling(_, let started): started
    case .running, .disposed: true
    }
  }

  /// Whether the feature shows a past state.
  @usableFromInline package var isTravelling: Bool {
    if case .travelling = phase { true } else { false }
  }

  /// Whether the feature was disposed.
  @usableFromInline package var isDisposed: Bool {
    if case .disposed = phase { true } else { false }
  }

  /// The items held until start or until travel ends, in order.
  @usableFromInline package var held: [Item] {
    switch phase {
    case .notStarted(let held), .travelling(let held, _): held
    case .running, .disposed: []
    }
  }

  /// Whether a caller may take the token without the lock: started, not travelling, nothing
  /// queued, held or pending, nobody waiting, nobody processing.
  @usableFromInline package var allowsFastPath: Bool {
    guard case .running = phase else { return false }
    return !holdsToken && queue.isEmpty && changes.isEmpty && idleWaiters.isEmpty
      && !isHopScheduled
  }

  /// Whether the token holder must stop at its next step to apply a ``checkpoint()``.
  @usableFromInline package var needsAttention: Bool {
    if case .disposed(false) = phase { return true }
    return !changes.isEmpty
  }

  /// Whether nothing is queued or running and nobody holds the token.
  @usableFromInline package var isIdle: Bool {
    isProcessingIdle && runningWork == 0
  }

  /// Whether nothing is queued and nobody holds the token; asynchronous work may be running.
  @usableFromInline package var isProcessingIdle: Bool {
    !holdsToken && queue.isEmpty
  }

  // MARK: - Actions

  /// What the caller of a submitting step does once the lock is released.
  @usableFromInline package enum SubmitAction: Equatable, Sendable {
    /// The caller took the token: it processes the item, then what was queued meanwhile.
    case process
    /// The caller took the token with the item queued behind others: it processes the queue.
    case drain
    /// Queued, or held, for the token holder or a later step.
    case queued
    /// Queued for the main actor, which nobody is processing on: schedule a hop there.
    case hopToMain
    /// Refused (the feature is disposed, or the step has nothing to do): an observer in the
    /// item is finished.
    case refused
  }

  /// What the token holder does next, asked each time it finished an item.
  @usableFromInline package enum NextAction {
    /// Process this item, then ask again.
    case process(Item)
    /// Apply observer changes, or finish the observers after disposal, then ask again.
    case checkpoint(Checkpoint)
    /// The token is given back. `hopToMain`: schedule a hop for items left for the main actor;
    /// `idleWaiters`: resume them, the feature is idle.
    case released(hopToMain: Bool, idleWaiters: [IdleWaiter])
  }

  /// What the token holder applies between two steps of its work.
  @usableFromInline package struct Checkpoint {
    /// Observer changes, in the order they were made.
    @usableFromInline package var changes: [Change]
    /// Whether to finish every observer: the feature was disposed.
    @usableFromInline package var finishObservers: Bool
  }

  /// What an observer change asks of its caller.
  @usableFromInline package enum ChangeAction: Equatable, Sendable {
    /// The caller took the token: it applies the change (``next(canProcess:)`` returns it).
    case apply
    /// The token holder applies it before its next delivery.
    case queued
    /// Disposed: nothing to change.
    case refused
  }

  /// What disposal releases.
  @usableFromInline package struct Disposal {
    /// Everything that was queued or held, in no particular order: finish the observers among
    /// them.
    @usableFromInline package var items: [Item]
    /// Observer changes nobody applied: finish the observers they add.
    @usableFromInline package var changes: [Change]
    /// Callers of ``Feature/idle()``, to resume.
    @usableFromInline package var idleWaiters: [IdleWaiter]
    /// Whether the caller took the token (to finish the observers now).
    @usableFromInline package var claimed: Bool
  }

  // MARK: - Submitting

  /// The ``FastPath`` had let a caller take the token without the lock.
  @usableFromInline package mutating func tokenTakenOnFastPath() {
    holdsToken = true
  }

  /// An item from outside the processing thread, or from the token holder's own Bootstrapper.
  /// `canProcess`: whether this thread may process (the main actor for main-actor features).
  @usableFromInline package mutating func submit(_ item: Item, canProcess: Bool) -> SubmitAction {
    switch phase {
    case .disposed:
      return .refused
    case .travelling(var held, let started) where item.waitsWhileTravelling:
      held.append(item)
      phase = .travelling(held: held, started: started)
      return .queued
    case .notStarted(let held) where item.isStart:
      phase = .running
      return admit(item, followedBy: held, canProcess: canProcess)
    case .notStarted(var held) where item.waitsWhileTravelling:
      held.append(item)
      phase = .notStarted(held: held)
      return .queued
    case _ where item.isStart:
      return .refused
    default:
      return admit(item, followedBy: [], canProcess: canProcess)
    }
  }

  /// A time-travel step: always queued, so it runs after the work in progress. `ending`: the
  /// step ends travel, and the items held meanwhile are queued right after it.
  @usableFromInline package mutating func travel(_ item: Item, ending: Bool, canProcess: Bool)
    -> SubmitAction
  {
    switch phase {
    case .disposed:
      return .refused
    case .travelling(let held, let started) where ending:
      phase = started ? .running : .notStarted(held: [])
      queue.append(item)
      for item in held { readmit(item) }
    case .travelling:
      queue.append(item)
    case .notStarted, .running:
      if ending { return .refused }
      phase = .travelling(held: held, started: isStarted)
      queue.append(item)
    }
    return afterQueueing(canProcess: canProcess)
  }

  /// An item produced by the token holder itself, such as the PostProcessor's action.
  @usableFromInline package mutating func enqueue(_ item: Item) {
    guard !isDisposed else { return }
    queue.append(item)
  }

  /// The hop to the main actor arrived: take the token if there is work for it.
  @usableFromInline package mutating func hopArrived() -> SubmitAction {
    isHopScheduled = false
    guard !queue.isEmpty, !isDisposed else { return .refused }
    return takeToken() ? .drain : .queued
  }

  // MARK: - Processing

  /// The token holder finished an item: what it does next.
  @usableFromInline package mutating func next(canProcess: Bool) -> NextAction {
    while !isDisposed, canProcess, let item = queue.popFirst() {
      // Queued before travel began, or by the step in progress: it waits with the others.
      if case .travelling(var held, let started) = phase, item.waitsWhileTravelling {
        held.append(item)
        phase = .travelling(held: held, started: started)
        continue
      }
      return .process(item)
    }
    if let checkpoint = checkpoint() { return .checkpoint(checkpoint) }
    holdsToken = false
    let hops = !isDisposed && !queue.isEmpty && scheduleHop()
    return .released(hopToMain: hops, idleWaiters: takeIdleWaitersIfIdle())
  }

  /// What the token holder must apply now: observer changes, the end of the observers after
  /// disposal; `nil` when nothing.
  @usableFromInline package mutating func checkpoint() -> Checkpoint? {
    let finish = if case .disposed(false) = phase { true } else { false }
    guard finish || !changes.isEmpty else { return nil }
    if finish { phase = .disposed(observersFinished: true) }
    defer { changes = [] }
    return Checkpoint(changes: finish ? [] : changes, finishObservers: finish)
  }

  // MARK: - Observers and disposal

  /// An observer was added or removed from outside: the token holder applies the change. The
  /// caller takes a free token to apply it itself.
  @usableFromInline package mutating func observerChanged(_ change: Change) -> ChangeAction {
    guard !isDisposed else { return .refused }
    changes.append(change)
    return takeToken() ? .apply : .queued
  }

  /// Takes the token when the feature is started and idle with nothing pending, to read the
  /// token holder's part (the observer counts of the tests); `false` otherwise.
  @usableFromInline package mutating func takeTokenIfIdle() -> Bool {
    guard case .running = phase, queue.isEmpty, changes.isEmpty else { return false }
    return takeToken()
  }

  /// Disposes the feature; `nil` when it already was.
  @usableFromInline package mutating func dispose() -> Disposal? {
    guard !isDisposed else { return nil }
    var items = held
    while let item = queue.popFirst() { items.append(item) }
    phase = .disposed(observersFinished: false)
    runningWork = 0
    defer {
      changes = []
      idleWaiters = []
    }
    return Disposal(
      items: items, changes: changes, idleWaiters: idleWaiters, claimed: takeToken())
  }

  // MARK: - Asynchronous work and idle

  /// A task of asynchronous work was registered; `false` once disposed (the task is cancelled).
  @usableFromInline package mutating func workStarted() -> Bool {
    if isDisposed { return false }
    runningWork += 1
    return true
  }

  /// A task of asynchronous work finished: the callers of ``Feature/idle()`` to resume now.
  @usableFromInline package mutating func workFinished() -> [IdleWaiter] {
    if runningWork > 0 { runningWork -= 1 }
    return takeIdleWaitersIfIdle()
  }

  /// An identifier for a new caller of ``Feature/idle()``, asked before it waits so that its
  /// task's cancellation can find it (``cancelIdleWait(_:)``).
  @usableFromInline package mutating func newIdleWaiterID() -> UInt64 {
    lastIdleWaiterID &+= 1
    return lastIdleWaiterID
  }

  /// A caller of ``Feature/idle()``: `true` when the feature is idle now (resume at once),
  /// otherwise the waiter is kept and resumed when the feature becomes idle. A waiter that does
  /// not wait for work (``IdleWaiter/waitsForWork``) needs only ``isProcessingIdle``.
  @usableFromInline package mutating func waitForIdle(_ waiter: IdleWaiter) -> Bool {
    if isSatisfied(waiter) { return true }
    idleWaiters.append(waiter)
    return false
  }

  /// The task of the caller of ``Feature/idle()`` with identifier `id` was cancelled: its
  /// waiter, to resume now, or `nil` when it is not kept (resumed already, or not kept yet).
  @usableFromInline package mutating func cancelIdleWait(_ id: UInt64) -> IdleWaiter? {
    guard let index = idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    return idleWaiters.remove(at: index)
  }

  // MARK: - Helpers

  /// Processes `item` now when this thread may and nobody else is, otherwise queues it; the
  /// items of `following` go right after it.
  private mutating func admit(
    _ item: Item, followedBy following: [Item], canProcess: Bool
  ) -> SubmitAction {
    if canProcess, queue.isEmpty, takeToken() {
      for item in following { queue.append(item) }
      return .process
    }
    queue.append(item)
    for item in following { queue.append(item) }
    return afterQueueing(canProcess: canProcess)
  }

  /// Decides who processes the queue after an item joined it.
  private mutating func afterQueueing(canProcess: Bool) -> SubmitAction {
    if holdsToken { return .queued }
    // Items were waiting for the main actor: process them and this one, in order.
    if canProcess { return takeToken() ? .drain : .queued }
    return scheduleHop() ? .hopToMain : .queued
  }

  /// An item held while travelling, routed again once travel ended.
  private mutating func readmit(_ item: Item) {
    switch phase {
    case .notStarted(let held) where item.isStart:
      phase = .running
      queue.append(item)
      for item in held { queue.append(item) }
    case .notStarted(var held):
      held.append(item)
      phase = .notStarted(held: held)
    default:
      queue.append(item)
    }
  }

  private mutating func takeToken() -> Bool {
    if holdsToken { return false }
    holdsToken = true
    return true
  }

  private mutating func scheduleHop() -> Bool {
    if isHopScheduled { return false }
    isHopScheduled = true
    return true
  }

  private func isSatisfied(_ waiter: IdleWaiter) -> Bool {
    isDisposed || (waiter.waitsForWork ? isIdle : isProcessingIdle)
  }

  private mutating func takeIdleWaitersIfIdle() -> [IdleWaiter] {
    guard !idleWaiters.isEmpty, isProcessingIdle || isDisposed else { return [] }
    let waiters = idleWaiters
    let ready = waiters.filter { isSatisfied($0) }
    if !ready.isEmpty { idleWaiters = waiters.filter { !isSatisfied($0) } }
    return ready
  }
}

/// An item of a ``FeatureMachine``: what the machine needs to know about it.
@usableFromInline
package protocol QueueItem {
  /// Whether the item runs the definition's code or reduces, so it waits while the feature
  /// shows a past state, and is held until the feature starts.
  var waitsWhileTravelling: Bool { get }
  /// Whether it is the item that starts the feature.
  var isStart: Bool { get }
}
