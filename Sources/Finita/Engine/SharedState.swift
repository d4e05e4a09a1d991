extension FeatureCore {
  /// Everything about a feature that several threads touch; only ever used inside `box.withLock`.
  @usableFromInline
  struct Storage {
    @usableFromInline var isStarted = false
    @usableFromInline var isDisposed = false
    @usableFromInline var isHopScheduled = false
    /// Items waiting for the token holder; ``ControlFlag/pending`` says whether it is empty.
    @usableFromInline var queue = RingBuffer<Item>()
    /// Wishes accepted before ``Feature/start()``.
    @usableFromInline var held: [Wish] = []
    /// Whether the feature shows a past state: see ``Feature/travel(to:)``.
    @usableFromInline var isTravelling = false
    /// Wishes, actions and effects that arrived while travelling, in order.
    @usableFromInline var heldWhileTravelling: [Item] = []
    /// Observer changes made from outside, for the token holder to apply.
    @usableFromInline var changes = ObserverChanges()
    @usableFromInline var nextID: UInt64 = 0
    /// The readers' slot of ``FeatureCore/published``.
    @usableFromInline var front = PublishedValue<State>.initialFront
    @usableFromInline var tasks: [UInt64: TaskRecord] = [:]
    /// Resumed when `tasks` becomes empty.
    @usableFromInline var idleWaiters: [CheckedContinuation<Void, Never>] = []

    @usableFromInline
    init() {}

    @inlinable
    mutating func makeID() -> UInt64 {
      nextID &+= 1
      return nextID
    }

    /// What ``FeatureCore/dispose()`` must cancel and finish once the lock is released.
    struct Released {
      var tasks: [TaskRecord]
      var finishers: [@Sendable () -> Void]

      func finishAll() {
        for task in tasks { task.cancel() }
        for finish in finishers { finish() }
      }
    }

    mutating func release() -> Released {
      isDisposed = true
      var finishers = changes.newsAdditions.compactMap(\.finish)
      while let item = queue.popFirst() {
        if case .subscribe(let observer) = item, let finish = observer.value.finish {
          finishers.append(finish)
        }
      }
      let waiters = idleWaiters
      finishers.append { for waiter in waiters { waiter.resume() } }
      idleWaiters = []
      let released = Released(tasks: Array(tasks.values), finishers: finishers)
      changes = ObserverChanges()
      tasks = [:]
      held = []
      heldWhileTravelling = []
      return released
    }
  }

  /// Observer additions and removals requested from outside the processing thread.
  @usableFromInline
  struct ObserverChanges {
    @usableFromInline var newsAdditions: [Observer<News>] = []
    @usableFromInline var removals: [UInt64] = []

    @usableFromInline
    init() {}
  }

  /// What only the token holder reads or writes: the working state and the observer lists.
  ///
  /// The token changes hands with acquire/release ordering, which orders every access; so the
  /// Actor reads the latest state and the Reducer mutates it without a lock. Readers on other
  /// threads see the copies in ``FeatureCore/published``.
  @usableFromInline
  struct Processor {
    @usableFromInline var state: State
    /// Held with a manual retain so observers are called without retaining anything; `nil`
    /// when there are none.
    @usableFromInline var stateObservers: Unmanaged<ObserverList<State>>?
    @usableFromInline var newsObservers: Unmanaged<ObserverList<News>>?
    /// The writer's slot of ``FeatureCore/published``.
    @usableFromInline var back = PublishedValue<State>.initialBack
    /// Set once the observers have been finished after disposal.
    @usableFromInline var isFinished = false
    /// The live state, kept while the feature shows a past one.
    @usableFromInline var liveState: State?

    @usableFromInline
    init(state: State) {
      self.state = state
    }
  }

  /// One unit of queued work.
  @usableFromInline
  enum Item {
    case wish(Wish)
    case action(Action)
    case bootstrapAction(Action)
    case effect(Effect, Action)
    /// Boxed, so an item stays small enough to be copied inline: once an enum is larger than
    /// four words, specialized code copies it through the runtime's generic value witnesses.
    case subscribe(Box<Observer<State>>)
    case start
    /// A stage to report from the processing thread, such as the end of asynchronous work.
    /// Queued only when the feature is traced.
    case traced(Box<FeatureTraceEvent<Definition>>)
    /// Shows a past state, or goes back to the live one.
    case travel(Box<TravelStep>)

    /// Whether the item waits while the feature shows a past state: everything that would run
    /// the definition's code or reduce.
    @inlinable
    var waitsWhileTravelling: Bool {
      switch self {
      case .wish, .action, .bootstrapAction, .effect, .start: true
      case .subscribe, .traced, .travel: false
      }
    }
  }

  /// A step of time travel.
  @usableFromInline
  enum TravelStep {
    /// Show this state to the observers; the first one keeps the live state aside.
    case show(State)
    /// Stop travelling: show the live state again, or keep the shown one as the new live state.
    case end(continuingFromShownState: Bool)
  }

  /// A subscriber to states or news.
  @usableFromInline
  struct Observer<Value> {
    @usableFromInline let id: UInt64
    @usableFromInline let receive: @Sendable (Value) -> Void
    /// Ends a stream or binding when the feature is disposed.
    @usableFromInline let finish: (@Sendable () -> Void)?

    @usableFromInline
    init(
      id: UInt64,
      receive: @escaping @Sendable (Value) -> Void,
      finish: (@Sendable () -> Void)?
    ) {
      self.id = id
      self.receive = receive
      self.finish = finish
    }
  }

  /// A value kept by reference.
  @usableFromInline
  final class Box<Value> {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
      self.value = value
    }
  }

  /// The observers of states or news, owned by the token holder.
  ///
  /// Only the token holder changes it, and never while it is notifying. Changes go to `slots`
  /// (amortized O(1) each); notifying walks `snapshot`, an immutable copy of the observers made
  /// at the first notification after a change. A closure read from memory that cannot change
  /// during the call is called without retaining it, which halves the cost per observer; the
  /// copy costs about as much as one notification and is made at most once per change.
  @usableFromInline
  final class ObserverList<Value> {
    // Not checked dynamically: every access is the token holder's, and the token serializes them.
    @exclusivity(unchecked) @usableFromInline var slots = ObserverSlots<Observer<Value>>(
      vacant: Observer(id: 0, receive: { _ in }, finish: nil)
    ) {
      // Dropped at once, so a removed observer is released now, not at the next notification.
      didSet {
        snapshot?.release()
        snapshot = nil
      }
    }
    /// Held with a manual retain, so notifying does not retain it.
    @exclusivity(unchecked) @usableFromInline var snapshot: Unmanaged<ObserverSnapshot<Value>>?

    @usableFromInline
    init() {}

    deinit {
      snapshot?.release()
    }

    /// The observers to notify, copied from `slots` when they changed since the last call.
    @inlinable
    func observersToNotify() -> Unmanaged<ObserverSnapshot<Value>> {
      if let snapshot { return snapshot }
      let made = Unmanaged.passRetained(ObserverSnapshot(ContiguousArray(slots.elements)))
      snapshot = made
      return made
    }
  }

  /// The observers of an ``ObserverList`` at one moment, never changed.
  @usableFromInline
  final class ObserverSnapshot<Value> {
    @usableFromInline let items: ContiguousArray<Observer<Value>>

    @usableFromInline
    init(_ items: ContiguousArray<Observer<Value>>) {
      self.items = items
    }
  }

  /// Asynchronous work owned by the feature.
  @usableFromInline
  struct TaskRecord {
    @usableFromInline
    enum Source: Sendable {
      case action(Action)
      case bootstrapper
    }

    /// The running task.
    @usableFromInline
    enum Handle: Sendable {
      case task(Task<Void, Never>)
      case throwingTask(Task<Void, any Error>)
    }

    @usableFromInline let handle: Handle
    @usableFromInline let cancelIDs: [EffectID]
    @usableFromInline let source: Source
    @usableFromInline let name: String?

    @usableFromInline
    init(handle: Handle, cancelIDs: [EffectID], source: Source, name: String?) {
      self.handle = handle
      self.cancelIDs = cancelIDs
      self.source = source
      self.name = name
    }

    /// Cancels the task.
    @usableFromInline
    func cancel() {
      switch handle {
      case .task(let task): task.cancel()
      case .throwingTask(let task): task.cancel()
      }
    }

    var description: String {
      let origin =
        switch source {
        case .action(let action): "action \(action)"
        case .bootstrapper: "the bootstrapper"
        }
      var text = name.map { "\"\($0)\" started by \(origin)" } ?? "started by \(origin)"
      if !cancelIDs.isEmpty {
        text += " (cancellable id: \(cancelIDs.map { "\($0.base)" }.joined(separator: ", ")))"
      }
      return text
    }
  }
}
