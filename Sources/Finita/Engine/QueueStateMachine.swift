/// The decisions about a feature's work, as a pure state machine: who processes an item, what
/// runs next, what disposal releases, when the feature is idle.
///
/// The ``FeatureCore`` keeps one machine under its lock and asks it what to do at each step;
/// each step changes the machine and returns an action the core carries out once the lock is
/// released (process an item, hop to the main actor, finish a refused observer...). The machine
/// runs no user code and touches no thread: the tests drive it step by step
/// (`QueueStateMachineTests`).
///
/// The processing token lives outside, in the control word, because the fast path takes and
/// gives it back with one compare-and-swap and no lock. The machine reads and sets the word's
/// bits through `control`, so that word and machine change together under the lock.
@usableFromInline
package struct QueueStateMachine<Item: QueueItem> {
  /// Whether ``Feature/start()`` was called: before, wishes are held in ``held``.
  @usableFromInline package var isStarted = false
  @usableFromInline package var isDisposed = false
  /// Whether a hop to the main actor is scheduled to process the queue there.
  @usableFromInline package var isHopScheduled = false
  /// Items waiting for the token holder; ``ControlFlag/pending`` says whether it is empty.
  @usableFromInline package var queue = RingBuffer<Item>()
  /// Wishes accepted before ``Feature/start()``, processed right after the Bootstrapper.
  @usableFromInline package var held: [Item] = []
  /// Whether the feature shows a past state (see ``Feature/travel(to:)``).
  @usableFromInline package var isTravelling = false
  /// Items that would run the definition's code and arrived while travelling, in order.
  @usableFromInline package var heldWhileTravelling: [Item] = []
  /// How many tasks of asynchronous work are running.
  @usableFromInline package var runningWork = 0
  /// Callers of ``Feature/idle()`` waiting for the feature to have no work.
  @usableFromInline package var idleWaiters: [IdleWaiter] = []
  /// The identifier of the last caller of ``Feature/idle()``.
  @usableFromInline package var lastIdleWaiterID: UInt64 = 0

  @usableFromInline
  package init() {}

  /// What the caller of a submitting step does once the lock is released.
  @usableFromInline
  package enum SubmitAction: Equatable, Sendable {
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
  @usableFromInline
  package enum NextAction {
    /// Process this item, then ask again.
    case process(Item)
    /// Apply observer changes or finish the observers after disposal, then ask again.
    case checkpoint
    /// The token is given back. `hopToMain`: schedule a hop for items left for the main actor.
    /// `idle`: the feature became idle with callers of ``Feature/idle()`` waiting: take them
    /// with ``takeIdleWaiters()`` and resume them. (A flag, not the waiters, so that this
    /// frequent value stays trivial to copy.)
    case released(hopToMain: Bool, idle: Bool)
  }

  // MARK: - Submitting

  /// An item from outside the processing thread, when the fast path could not take the token.
  /// `canProcess`: whether this thread may process (the main actor for main-actor features).
  @inlinable
  package mutating func submit<Control: ControlWord>(
    _ item: Item,
    canProcess: Bool,
    control: Control
  ) -> SubmitAction {
    if isDisposed { return .refused }
    if isTravelling, item.waitsWhileTravelling {
      heldWhileTravelling.append(item)
      return .queued
    }
    if item.isStart {
      // Marked under the same lock that claims or queues, so no wish can slip in between
      // "started" and the Bootstrapper.
      if isStarted { return .refused }
      isStarted = true
    } else if !isStarted, item.waitsWhileTravelling {
      held.append(item)
      return .queued
    }
    if canProcess, queue.isEmpty, control.claimToken() {
      return .process
    }
    queue.append(item)
    return afterQueueing(canProcess: canProcess, control: control)
  }

  /// A time-travel step: always queued, so it runs after the work in progress. `ending`: the
  /// step ends travel, and the items held meanwhile are queued right after it.
  @inlinable
  package mutating func travel<Control: ControlWord>(
    _ item: Item,
    ending: Bool,
    canProcess: Bool,
    control: Control
  ) -> SubmitAction {
    if isDisposed { return .refused }
    if ending {
      guard isTravelling else { return .refused }
      isTravelling = false
      control.clearBits(ControlFlag.travelling)
      queue.append(item)
      for held in heldWhileTravelling { queue.append(held) }
      heldWhileTravelling = []
    } else {
      if !isTravelling {
        isTravelling = true
        control.setBits(ControlFlag.travelling)
      }
      queue.append(item)
    }
    return afterQueueing(canProcess: canProcess, control: control)
  }

  /// Marks the queue non-empty and decides who processes it.
  @inlinable
  mutating func afterQueueing<Control: ControlWord>(
    canProcess: Bool,
    control: Control
  ) -> SubmitAction {
    // Setting `pending` and reading `processing` in one atomic step matters: a token holder
    // gives the token back with a lock-free compare-and-swap that fails once `pending` is set,
    // so either it sees this item, or this call sees the token free and takes it.
    let word = control.setBits(ControlFlag.pending)
    if word & ControlFlag.processing != 0 { return .queued }
    if canProcess {
      // Items were waiting for the main actor: process them and this one, in order.
      return control.claimToken() ? .drain : .queued
    }
    return scheduleHop() ? .hopToMain : .queued
  }

  /// An item produced by the token holder itself, such as the PostProcessor's action.
  @inlinable @inline(__always)
  package mutating func enqueue<Control: ControlWord>(_ item: Item, control: Control) {
    guard !isDisposed else { return }
    queue.append(item)
    control.setBits(ControlFlag.pending)
  }

  /// Items the token holder kept for itself (the PostProcessor's actions) while nothing was
  /// queued, handed back in order: they go before everything queued since, which came after
  /// them. Dropped once disposed, as queued items are.
  @inlinable
  package mutating func takeBack<Control: ControlWord>(_ items: [Item], control: Control) {
    guard !isDisposed, !items.isEmpty else { return }
    for item in items.reversed() { queue.prepend(item) }
    control.setBits(ControlFlag.pending)
  }

  /// The hop to the main actor arrived: take the token if there is work for it.
  @inlinable
  package mutating func hopArrived<Control: ControlWord>(control: Control) -> SubmitAction {
    isHopScheduled = false
    guard !queue.isEmpty, !isDisposed else { return .refused }
    return control.claimToken() ? .drain : .queued
  }

  @inlinable
  mutating func scheduleHop() -> Bool {
    if isHopScheduled { return false }
    isHopScheduled = true
    return true
  }

  // MARK: - Processing

  /// The token holder finished an item. `observersFinished`: the observers were already
  /// finished after disposal.
  @inlinable @inline(__always)
  package mutating func next<Control: ControlWord>(
    canProcess: Bool,
    observersFinished: Bool,
    control: Control
  ) -> NextAction {
    while !isDisposed, canProcess, let item = queue.popFirst() {
      if queue.isEmpty { control.clearBits(ControlFlag.pending) }
      // Queued before travel began, or by the step in progress: it waits with the others.
      if isTravelling, item.waitsWhileTravelling {
        heldWhileTravelling.append(item)
        continue
      }
      return .process(item)
    }
    if control.loadRelaxed() & ControlFlag.observersChanged != 0
      || (isDisposed && !observersFinished)
    {
      return .checkpoint
    }
    var hops = false
    if isDisposed {
      control.clearBits(ControlFlag.processing | ControlFlag.pending)
    } else {
      if !queue.isEmpty { hops = scheduleHop() }
      control.clearBits(ControlFlag.processing)
    }
    let idle = !idleWaiters.isEmpty && isIdle(tokenFree: true)
    return .released(hopToMain: hops, idle: idle)
  }

  /// The callers of ``Feature/idle()`` to resume after a release that found the feature idle
  /// (empty when work started again meanwhile).
  @inlinable
  package mutating func takeIdleWaiters<Control: ControlWord>(
    control: Control
  ) -> [IdleWaiter] {
    let tokenFree = control.loadRelaxed() & ControlFlag.processing == 0
    return takeIdleWaitersIfIdle(tokenFree: tokenFree, control)
  }

  /// The Bootstrapper ran: the wishes held until then, to process now, in order.
  @inlinable
  package mutating func bootstrapped<Control: ControlWord>(control: Control) -> [Item] {
    defer { held = [] }
    control.clearBits(ControlFlag.notStarted)
    return held
  }

  // MARK: - Asynchronous work

  /// A task of asynchronous work was registered; `false` once disposed (the task is cancelled).
  @inlinable
  package mutating func workStarted() -> Bool {
    if isDisposed { return false }
    runningWork += 1
    return true
  }

  /// A task of asynchronous work finished: the callers of ``Feature/idle()`` to resume now.
  @inlinable
  package mutating func workFinished<Control: ControlWord>(
    control: Control
  ) -> [IdleWaiter] {
    if runningWork > 0 { runningWork -= 1 }
    let tokenFree = control.loadRelaxed() & ControlFlag.processing == 0
    return takeIdleWaitersIfIdle(tokenFree: tokenFree, control)
  }

  /// An identifier for a new caller of ``Feature/idle()``, asked before it waits so that its
  /// task's cancellation can find it (``cancelIdleWait(_:control:)``).
  @inlinable
  package mutating func newIdleWaiterID() -> UInt64 {
    lastIdleWaiterID &+= 1
    return lastIdleWaiterID
  }

  /// A caller of ``Feature/idle()``: `true` when the feature is idle now (resume at once),
  /// otherwise the waiter is kept and resumed when the feature becomes idle.
  @inlinable
  package mutating func waitForIdle<Control: ControlWord>(
    _ waiter: IdleWaiter,
    control: Control
  ) -> Bool {
    if isDisposed { return true }
    // The bit sends the token holder's release through the slow path, which resumes waiters.
    let word = control.setBits(ControlFlag.idleWaiting)
    if queue.isEmpty, runningWork == 0, word & ControlFlag.processing == 0 {
      if idleWaiters.isEmpty { control.clearBits(ControlFlag.idleWaiting) }
      return true
    }
    idleWaiters.append(waiter)
    return false
  }

  /// The task of the caller of ``Feature/idle()`` with identifier `id` was cancelled: its
  /// waiter, to resume now, or `nil` when it is not kept (resumed already, or not kept yet:
  /// the caller checks its task's cancellation under the same lock before it is kept).
  @inlinable
  package mutating func cancelIdleWait<Control: ControlWord>(
    _ id: UInt64,
    control: Control
  ) -> IdleWaiter? {
    guard let index = idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    let waiter = idleWaiters.remove(at: index)
    if idleWaiters.isEmpty { control.clearBits(ControlFlag.idleWaiting) }
    return waiter
  }

  /// Whether nothing is queued or running and the token is free.
  @inlinable
  package func isIdle(tokenFree: Bool) -> Bool {
    tokenFree && queue.isEmpty && runningWork == 0
  }

  @inlinable @inline(__always)
  mutating func takeIdleWaitersIfIdle<Control: ControlWord>(
    tokenFree: Bool,
    _ control: Control
  ) -> [IdleWaiter] {
    guard !idleWaiters.isEmpty, isDisposed || isIdle(tokenFree: tokenFree) else { return [] }
    defer { idleWaiters = [] }
    control.clearBits(ControlFlag.idleWaiting)
    return idleWaiters
  }

  // MARK: - Disposal

  /// What disposal releases: the items queued or held (their observers are finished) and the
  /// callers of ``Feature/idle()`` (resumed).
  @usableFromInline
  package struct Released {
    /// Everything that was waiting, in no particular order; finish the observers among them.
    @usableFromInline package var items: [Item]
    @usableFromInline var idleWaiters: [IdleWaiter]
    /// Whether the caller took the token (to finish the observers now).
    @usableFromInline package var claimed: Bool

    @usableFromInline
    init(items: [Item], idleWaiters: [IdleWaiter], claimed: Bool) {
      self.items = items
      self.idleWaiters = idleWaiters
      self.claimed = claimed
    }

    /// Resumes the callers of ``Feature/idle()``.
    @usableFromInline
    package func resumeIdleWaiters() {
      for waiter in idleWaiters { waiter.resume() }
    }
  }

  /// Disposes the feature; `nil` when it already was.
  @inlinable
  package mutating func dispose<Control: ControlWord>(control: Control) -> Released? {
    guard !isDisposed else { return nil }
    isDisposed = true
    runningWork = 0
    control.setBits(ControlFlag.disposed)
    let claimed = control.claimToken()
    var items: [Item] = []
    while let item = queue.popFirst() { items.append(item) }
    items += held + heldWhileTravelling
    held = []
    heldWhileTravelling = []
    defer { idleWaiters = [] }
    control.clearBits(ControlFlag.idleWaiting)
    return Released(items: items, idleWaiters: idleWaiters, claimed: claimed)
  }

  // MARK: - Observer changes

  /// An observer change was recorded for the token holder: take the token to apply it when
  /// nobody holds it. Returns whether the caller took the token; `false` once disposed.
  @inlinable
  package mutating func observersChanged<Control: ControlWord>(control: Control) -> Bool {
    guard !isDisposed else { return false }
    control.setBits(ControlFlag.observersChanged)
    return control.claimToken()
  }
}

/// An item of a ``QueueStateMachine``: what the machine needs to know about it.
@usableFromInline
package protocol QueueItem {
  /// Whether the item runs the definition's code or reduces, so it waits while the feature
  /// shows a past state, and is held until the feature starts.
  var waitsWhileTravelling: Bool { get }
  /// Whether it is the item that starts the feature.
  var isStart: Bool { get }
}

/// The control word as the ``QueueStateMachine`` uses it: atomic in the engine, a plain value
/// in the machine's tests.
@usableFromInline
package protocol ControlWord {
  /// The value with no ordering.
  func loadRelaxed() -> Int
  /// Sets the bits of `mask`; returns the previous value.
  @discardableResult func setBits(_ mask: Int) -> Int
  /// Clears the bits of `mask`; returns the previous value.
  @discardableResult func clearBits(_ mask: Int) -> Int
  /// Sets ``ControlFlag/processing`` unless it is set; whether this call set it.
  func claimToken() -> Bool
}
