extension FeatureCore {
  /// Carries out what an Actor returned for `action`: reduces its synchronous effects and
  /// starts its asynchronous work.
  ///
  /// Inlinable, like the generic launch it calls, so that the interpreter, the delivery
  /// closure and the processing it starts when effects arrive are specialized for the client's
  /// definition.
  @inlinable
  func launch(_ effects: Effects<Effect>, from action: Action) {
    launch(
      effects,
      source: .action(action),
      now: { apply($0, from: action) },
      later: { [self] effect in submit(.effect(effect, action)) }
    )
  }

  /// Carries out the plan of `effects`: synchronous effects go to `now` in order, cancellations
  /// happen at once, and each task runs owned by the feature and delivers through `later`,
  /// which is made only when a task starts, so the synchronous path allocates nothing.
  @inlinable
  func launch<Output: Sendable>(
    _ effects: Effects<Output>,
    source: TaskRecord.Source,
    now: (Output) -> Void,
    later: @autoclosure () -> @Sendable (Output) -> Void
  ) {
    effects.plan.perform(
      effect: now,
      cancel: { cancel(id: $0) },
      start: { job in
        spawn(
          job.body,
          priority: job.priority,
          name: job.name,
          cancelIDs: job.cancelIDs,
          source: source,
          deliver: later()
        )
      }
    )
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
    // Registered first, so the record exists before the task can finish and remove it; the
    // task is made once the lock is released.
    let registered = step { shared -> UInt64? in
      guard shared.machine.workStarted() else { return nil }
      let id = shared.makeID()
      shared.tasks[id] = TaskRecord(cancelIDs: cancelIDs, source: source, name: name, work: id)
      return id
    }
    guard let id = registered else { return }
    if traced { emit(.workStarted(Self.tracedWork(id, name: name, source: source))) }
    let task = startTask(priority: priority) { [self] in
      if !marksWork {
        await runWork(id, body, send, name: name, source: source, traced: traced)
      } else {
        await marking(work: id) {
          await runWork(id, body, send, name: name, source: source, traced: traced)
        }
      }
    }
    keep(.task(task), for: id)
  }

  /// Starts a task of the feature's work: on the ``workExecutor`` when the testing module gave
  /// one (the task's child tasks then run there too), otherwise on the global executor.
  @inlinable
  func startTask(
    priority: TaskPriority?,
    _ operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if let workExecutor,
      #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
      let preferred = workExecutor as? any TaskExecutor
    {
      return Task(executorPreference: preferred, priority: priority, operation: operation)
    }
    return Task(priority: priority, operation: operation)
  }

  /// Starts a task of the feature's work that may throw, where ``startTask(priority:_:)``
  /// would: a task made with `Task {}` does not inherit the executor preference.
  @usableFromInline
  func startThrowingTask(
    _ operation: @escaping @Sendable () async throws -> Void
  ) -> Task<Void, any Error> {
    if let workExecutor,
      #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
      let preferred = workExecutor as? any TaskExecutor
    {
      return Task(executorPreference: preferred, operation: operation)
    }
    return Task(operation: operation)
  }

  /// Gives the record of work `id` its task, or cancels the task when the record is gone (the
  /// feature was disposed meanwhile, or the task already finished).
  @inlinable
  func keep(_ handle: TaskRecord.Handle, for id: UInt64) {
    let kept = shared.withLock { shared in
      shared.tasks[id]?.handle = handle
      return shared.tasks[id] != nil
    }
    if !kept { handle.cancel() }
  }

  /// Runs `operation` marked as work `id` (see ``FeatureWork``), so the testing module's clock
  /// can tell this work is asleep on it. Only features under test mark their work.
  @usableFromInline
  func marking(work id: UInt64, _ operation: () async -> Void) async {
    await FeatureWork.$current.withValue(id) { await operation() }
  }

  /// The body of a task of work: runs it, routes what it throws, reports its end.
  @inlinable
  func runWork<Output: Sendable>(
    _ id: UInt64,
    _ body: @Sendable (Send<Output>) async throws -> Void,
    _ send: Send<Output>,
    name: String?,
    source: TaskRecord.Source,
    traced: Bool
  ) async {
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
      _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
      try await core.runCancellable(id: id, source: source, body)
    }
  }

  /// Runs `body` as a child task marked with `id`, so cancelling the id stops it and not the
  /// work around it.
  func runCancellable(
    id: EffectID,
    source: TaskRecord.Source,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    let child = startThrowingTask { try await body() }
    let registered = step { shared -> UInt64? in
      guard shared.machine.workStarted() else { return nil }
      let recordID = shared.makeID()
      shared.tasks[recordID] = TaskRecord(
        cancelIDs: [id], source: source, name: nil, work: FeatureWork.current ?? recordID)
      return recordID
    }
    guard let registered else {
      child.cancel()
      return
    }
    keep(.throwingTask(child), for: registered)
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
    let records = shared.withLock { shared in
      shared.tasks.values.filter { $0.cancelIDs.contains(id) }
    }
    for record in records { record.cancel() }
  }

  @inlinable
  func taskDidFinish(_ id: UInt64) {
    let idle = step { shared -> [IdleWaiter] in
      guard shared.tasks.removeValue(forKey: id) != nil else { return [] }
      return shared.machine.workFinished()
    }
    for waiter in idle { waiter.resume() }
  }

  /// The work each running task belongs to (see ``FeatureWork``): what the testing module
  /// compares with the work asleep on its clock.
  var runningWork: Set<UInt64> {
    shared.withLock { Set($0.tasks.values.map(\.work)) }
  }

  /// Returns once nothing is queued, no thread is processing and, when `waitingForWork`, no
  /// asynchronous work is running (or the feature is disposed, or the calling task is
  /// cancelled). Work started meanwhile is waited for too.
  func idle(waitingForWork: Bool) async {
    let id = step { $0.machine.newIdleWaiterID() }
    await waitUnlessCancelled { continuation in
      step { shared in
        let waiter = IdleWaiter(id: id, waitsForWork: waitingForWork, continuation)
        return !Task.isCancelled && !shared.machine.waitForIdle(waiter)
      }
    } takeBack: {
      self.step { $0.machine.cancelIdleWait(id) }?.continuation
    }
  }

  /// The number of asynchronous effects and bootstrapper tasks still running.
  var inFlightEffectCount: Int {
    shared.withLock { $0.tasks.count }
  }

  /// A description of each asynchronous effect still running: its name, the action that started
  /// it, and its cancellation identifiers.
  var inFlightEffectDescriptions: [String] {
    shared.withLock { shared in
      shared.tasks.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }
}
