extension Feature {
  /// Everything about a feature that several threads touch; only ever used inside `box.withLock`.
  @usableFromInline
  struct Storage {
    @usableFromInline var state: State
    @usableFromInline var isStarted = false
    @usableFromInline var isDisposed = false
    /// The processing token: set by the one thread that processes; others queue.
    @usableFromInline var isProcessing = false
    @usableFromInline var isHopScheduled = false
    @usableFromInline var queue = RingBuffer<Item>()
    /// Wishes accepted before ``Feature/start()``.
    @usableFromInline var held: [Wish] = []
    @usableFromInline var stateObservers: [Observer<State>] = []
    @usableFromInline var newsObservers: [Observer<News>] = []
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var tasks: [UInt64: TaskRecord] = [:]
    /// Resumed when `tasks` becomes empty.
    var idleWaiters: [CheckedContinuation<Void, Never>] = []

    @usableFromInline
    init(state: State) {
      self.state = state
    }

    mutating func makeID() -> UInt64 {
      nextID &+= 1
      return nextID
    }

    /// What ``Feature/dispose()`` must cancel and finish once the lock is released.
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
      var finishers = stateObservers.compactMap(\.finish) + newsObservers.compactMap(\.finish)
      while let item = queue.popFirst() {
        if case .subscribe(let observer) = item, let finish = observer.finish {
          finishers.append(finish)
        }
      }
      let waiters = idleWaiters
      finishers.append { for waiter in waiters { waiter.resume() } }
      idleWaiters = []
      let released = Released(tasks: Array(tasks.values), finishers: finishers)
      stateObservers = []
      newsObservers = []
      tasks = [:]
      held = []
      return released
    }
  }

  /// One unit of queued work.
  @usableFromInline
  enum Item {
    case wish(Wish)
    case action(Action)
    case bootstrapAction(Action)
    case effect(Effect, Action)
    case subscribe(Observer<State>)
    case start
  }

  /// A subscriber to states or news. `deliver` returns `false` once the subscriber is gone, so
  /// the feature can forget it.
  @usableFromInline
  struct Observer<Value> {
    @usableFromInline let id: UInt64
    @usableFromInline let deliver: @Sendable (Value) -> Bool
    @usableFromInline let finish: (@Sendable () -> Void)?
  }

  /// Asynchronous work owned by the feature.
  @usableFromInline
  struct TaskRecord {
    @usableFromInline
    enum Source: Sendable {
      case action(Action)
      case bootstrapper
    }

    let cancel: @Sendable () -> Void
    let cancelIDs: [EffectID]
    let source: Source
    let name: String?

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

/// The state as seen by the thread that holds the processing token.
///
/// Only that thread reads or writes `value`, and the token changes hands under the feature's
/// lock, which orders every access; so the Actor reads the latest state and the Reducer mutates
/// it without taking the lock. Readers on other threads use the copy published under the lock.
@usableFromInline
final class ProcessorOwned<Value>: @unchecked Sendable {
  // Safe to send: see the type's documentation; accesses are serialized by the processing token.
  // Kept behind a `let` pointer so reads and writes need no dynamic exclusivity check.
  @usableFromInline let storage: UnsafeMutablePointer<Value>

  @usableFromInline
  init(_ value: Value) {
    storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    storage.initialize(to: value)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  @inlinable
  var value: Value {
    get { storage.pointee }
    set { storage.pointee = newValue }
  }
}
