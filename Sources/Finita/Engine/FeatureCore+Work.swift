extension FeatureCore {
  /// Starts the asynchronous or combined work an Actor returned for `action`.
  ///
  /// Inlinable, like the generic launch it calls, so that starting the work, the delivery
  /// closure and the processing it starts when effects arrive are specialized for the client's
  /// definition.
  @inlinable
  func launch(_ work: Effects<Effect>.Work, from action: Action) {
    launch(
      Effects(.work(work)),
      cancelIDs: [],
      source: .action(action),
      now: { apply($0, from: action) },
      later: { [self] effect in submit(.effect(effect, action)) }
    )
  }

  /// Starts the work described by `effects`: synchronous parts go to `now` in order, asynchronous
  /// parts run in tasks owned by the feature and deliver through `later`.
  @inlinable
  func launch<Output: Sendable>(
    _ effects: Effects<Output>,
    cancelIDs: [EffectID],
    source: TaskRecord.Source,
    now: (Output) -> Void,
    later: @escaping @Sendable (Output) -> Void
  ) {
    let kind: Effects<Output>.Work.Kind
    switch effects.operation {
    case .none:
      return
    case .one(let output):
      now(output)
      return
    case .many(let outputs):
      for output in outputs { now(output) }
      return
    case .work(let work):
      kind = work.kind
    }
    switch kind {
    case .run(let run):
      spawn(
        run.body,
        priority: run.priority,
        name: run.name,
        cancelIDs: cancelIDs,
        source: source,
        deliver: later
      )
    case .merge(let parts):
      for part in parts {
        launch(part, cancelIDs: cancelIDs, source: source, now: now, later: later)
      }
    case .concatenate(let parts):
      var index = parts.startIndex
      while index < parts.endIndex, parts[index].isSynchronous {
        launch(parts[index], cancelIDs: cancelIDs, source: source, now: now, later: later)
        index += 1
      }
      if index < parts.endIndex {
        let rest = Effects<Output>.concatenate(Array(parts[index...]))
        spawn(
          rest.sequentialBody(),
          priority: nil,
          name: nil,
          cancelIDs: cancelIDs,
          source: source,
          deliver: later
        )
      }
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      launch(inner, cancelIDs: cancelIDs + [id], source: source, now: now, later: later)
    case .cancel(let id):
      cancel(id: id)
    }
  }

  /// Runs `body` in a task owned by the feature; what it throws goes where `source` says.
  @inlinable
  func spawn<Output: Sendable>(
    _ body: @escaping @Sendable (Send<Output>) async throws -> Void,
    priority: TaskPriority?,
    name: String?,
    cancelIDs: [EffectID],
    source: TaskRecord.Source,
    deliver: @escaping @Sendable (Output) -> Void
  ) {
    let send = Send(host: Host(core: self, source: source), deliver: deliver)
    let traced = trace != nil
    let started = box.withLock { storage -> UInt64? in
      guard !storage.isDisposed else { return nil }
      let id = storage.makeID()
      // Created under the lock so the record exists before the task can finish and remove it.
      let task = Task(priority: priority) { [self] in
        var outcome = WorkOutcome.finished
        do {
          try await body(send)
          if traced, Task.isCancelled { outcome = .cancelled }
        } catch  where !Task.isCancelled {
          fail(error, source: source)
          outcome = .failed(error)
        } catch {
          // Cancelled: whatever the work threw on its way out is not news.
          outcome = .cancelled
        }
        if traced { traceWorkEnded(id, name: name, source: source, outcome) }
        taskDidFinish(id)
      }
      storage.tasks[id] = TaskRecord(
        handle: .task(task),
        cancelIDs: cancelIDs,
        source: source,
        name: name
      )
      return id
    }
    if let trace, let started {
      trace(.workStarted(Self.tracedWork(started, name: name, source: source)))
    }
  }

  /// Reports the end of work from the processing thread, after the effects it sent.
  @usableFromInline
  func traceWorkEnded(
    _ id: UInt64,
    name: String?,
    source: TaskRecord.Source,
    _ outcome: WorkOutcome
  ) {
    submit(.traced(Box(.workEnded(Self.tracedWork(id, name: name, source: source), outcome))))
  }

  @usableFromInline
  static func tracedWork(
    _ id: UInt64,
    name: String?,
    source: TaskRecord.Source
  ) -> TracedWork<Action> {
    switch source {
    case .action(let action):
      TracedWork(info: WorkInfo(id: id, name: name, isBootstrapper: false), action: action)
    case .bootstrapper:
      TracedWork(info: WorkInfo(id: id, name: name, isBootstrapper: true), action: nil)
    }
  }

  /// Routes an error thrown by asynchronous work: an action's to
  /// ``FeatureDefinition/effect(for:from:)``, the Bootstrapper's to the reporter.
  @usableFromInline
  func fail(_ error: any Error, source: TaskRecord.Source) {
    switch source {
    case .action(let action): handleError(error, from: action)
    case .bootstrapper: report(error, source: "the bootstrapper")
    }
  }

  /// The feature as seen by the work of one origin: what a ``Send`` needs to cancel by
  /// identifier.
  @usableFromInline
  struct Host: EffectHost {
    @usableFromInline let core: FeatureCore
    @usableFromInline let source: TaskRecord.Source

    @usableFromInline
    init(core: FeatureCore, source: TaskRecord.Source) {
      self.core = core
      self.source = source
    }

    @usableFromInline
    func cancel(_ id: EffectID) {
      core.cancel(id: id)
    }

    @usableFromInline
    func runCancellable(
      id: EffectID,
      cancelInFlight: Bool,
      _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
      try await core.runCancellable(id: id, cancelInFlight: cancelInFlight, source: source, body)
    }
  }

  /// Runs `body` as a child task marked with `id`, so cancelling the id stops it and not the
  /// work around it.
  func runCancellable(
    id: EffectID,
    cancelInFlight: Bool,
    source: TaskRecord.Source,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    if cancelInFlight { cancel(id: id) }
    let child = Task { try await body() }
    let registered = box.withLock { storage -> UInt64? in
      guard !storage.isDisposed else { return nil }
      let recordID = storage.makeID()
      storage.tasks[recordID] = TaskRecord(
        handle: .throwingTask(child),
        cancelIDs: [id],
        source: source,
        name: nil
      )
      return recordID
    }
    guard let registered else {
      child.cancel()
      return
    }
    defer { taskDidFinish(registered) }
    do {
      try await withTaskCancellationHandler {
        try await child.value
      } onCancel: {
        child.cancel()
      }
    } catch is CancellationError where !Task.isCancelled {
      // Only this part was cancelled by its id: the enclosing work goes on.
    }
  }

  @usableFromInline
  func cancel(id: EffectID) {
    let records = box.withLock { storage in
      storage.tasks.values.filter { $0.cancelIDs.contains(id) }
    }
    for record in records { record.cancel() }
  }

  @inlinable
  func taskDidFinish(_ id: UInt64) {
    let waiters = box.withLock { storage -> [CheckedContinuation<Void, Never>] in
      storage.tasks.removeValue(forKey: id)
      guard storage.tasks.isEmpty else { return [] }
      defer { storage.idleWaiters = [] }
      return storage.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no asynchronous effect or bootstrapper work is running (or the feature is
  /// disposed). Work started meanwhile is waited for too. Never sleeps.
  func waitForEffectsToFinish() async {
    await withCheckedContinuation { continuation in
      let isIdle = box.withLock { storage in
        if storage.tasks.isEmpty || storage.isDisposed { return true }
        storage.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// The number of asynchronous effects and bootstrapper tasks still running.
  var inFlightEffectCount: Int {
    box.withLock { $0.tasks.count }
  }

  /// A description of each asynchronous effect still running: its name, the action that started
  /// it, and its cancellation identifiers.
  var inFlightEffectDescriptions: [String] {
    box.withLock { storage in
      storage.tasks.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }
}
