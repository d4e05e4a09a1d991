extension FeatureCore {
  /// What several threads share about a feature: only ever used inside `shared.withLock`.
  ///
  /// The queue's decisions are the ``QueueStateMachine``'s; beside it are what the machine does
  /// not decide about: observer changes for the token holder, the running tasks, the readers'
  /// slot of the published state.
  @usableFromInline
  struct SharedState {
    @usableFromInline var machine = QueueStateMachine<Item>()
    /// Observer changes made from outside, for the token holder to apply.
    @usableFromInline var changes = ObserverChanges()
    @usableFromInline var nextID: UInt64 = 0
    /// The readers' slot of ``FeatureCore/published``.
    @usableFromInline var front = PublishedValue<State>.initialFront
    /// The tasks of asynchronous work, by identifier; the machine counts them.
    @usableFromInline var tasks: [UInt64: TaskRecord] = [:]

    @usableFromInline
    init() {}

    @inlinable
    mutating func makeID() -> UInt64 {
      nextID &+= 1
      return nextID
    }

    @inlinable
    var isDisposed: Bool { machine.isDisposed }

    /// Disposes the machine and takes what must be cancelled and finished once the lock is
    /// released; `nil` when already disposed.
    @inlinable
    mutating func dispose(control: AtomicWord) -> Released? {
      guard let released = machine.dispose(control: control) else { return nil }
      var finishers = changes.newsAdditions.compactMap(\.finish)
      for case .subscribe(let observer) in released.items {
        if let finish = observer.value.finish { finishers.append(finish) }
      }
      defer {
        changes = ObserverChanges()
        tasks = [:]
      }
      return Released(
        tasks: Array(tasks.values),
        finishers: finishers,
        machine: released
      )
    }

    /// What ``FeatureCore/dispose()`` must cancel, finish and resume once the lock is released.
    @usableFromInline
    struct Released {
      @usableFromInline var tasks: [TaskRecord]
      @usableFromInline var finishers: [@Sendable () -> Void]
      @usableFromInline var machine: QueueStateMachine<Item>.Released

      @inlinable
      init(
        tasks: [TaskRecord],
        finishers: [@Sendable () -> Void],
        machine: QueueStateMachine<Item>.Released
      ) {
        self.tasks = tasks
        self.finishers = finishers
        self.machine = machine
      }

      @inlinable
      func finishAll() {
        for task in tasks { task.cancel() }
        for finish in finishers { finish() }
        machine.resumeIdleWaiters()
      }
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
}
