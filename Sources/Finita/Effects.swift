/// What an Actor asks the feature to do for one action: nothing, one or several effects at once,
/// asynchronous work that sends effects over time, or a combination of these.
///
/// Synchronous effects (``none``, ``just(_:)``, ``many(_:)-([Effect])``) are reduced in
/// the same call that accepted the wish, with no `Task` and no allocation. Asynchronous effects
/// (``run(priority:name:operation:catch:)``, ``sequence(_:)``) run in tasks owned by the
/// feature; they can be made cancellable by an identifier and are all cancelled when the feature
/// is disposed.
///
/// ```swift
/// func act(_ state: State, _ action: Action) -> Effects<Effect> {
///   switch action {
///   case .increment:
///     return .just(.incremented)
///   case .load:
///     return .concatenate(
///       .just(.loadingDidStart),
///       .run { send in send(.itemsDidLoad(try await api.items())) }
///     )
///     .cancellable(id: "load", cancelInFlight: true)
///   }
/// }
/// ```
///
/// The same type describes the outputs of a Bootstrapper, whose elements are actions.
public struct Effects<Effect: Sendable>: Sendable {
  /// What to do, lowered once by the factories below into the form every reader works from.
  @usableFromInline let plan: Plan

  @inlinable
  init(_ plan: Plan) {
    self.plan = plan
  }
}

// MARK: - The plan, as every reader sees it

extension Effects {
  /// The steps a feature takes for these effects, in order: reduce an effect, cancel an
  /// identifier, start a task.
  ///
  /// The factories lower what users combine into this form, so its cases are the only list of
  /// what effects can do: `merge` joins its parts' steps, `concatenate` keeps its leading
  /// synchronous parts as steps and folds the rest into one task that runs them in order, and
  /// `cancellable` marks every task with its identifier. ``perform(effect:cancel:start:)`` is
  /// the one interpreter: the engine, `map`, `isSynchronous`, `synchronousEffects` and the task
  /// of a concatenation all read the plan through it. Synchronous effects are stored inline, so
  /// the engine's hot path allocates nothing, and larger payloads live in objects, so the enum
  /// is one `Effect` and a tag wide (a wider one is copied through generic value witnesses).
  @usableFromInline
  enum Plan: Sendable {
    /// Nothing to do.
    case none
    /// Reduce one effect.
    case effect(Effect)
    /// Reduce these effects, first to last.
    case effects([Effect])
    /// Cancel the running work marked with this identifier.
    case cancel(EffectID)
    /// Start a task owned by the feature.
    case task(Job)
    /// These plans, in order: at least two, none of them `none` or `steps` (see ``joining(_:)``).
    case steps([Plan])
  }

  /// The work of one task, and the identifiers that cancel it.
  @usableFromInline
  final class Job: Sendable {
    @usableFromInline let priority: TaskPriority?
    @usableFromInline let name: String?
    /// The identifiers that cancel this work, outermost first.
    @usableFromInline let cancelIDs: [EffectID]
    @usableFromInline let body: @Sendable (Send<Effect>) async throws -> Void

    @usableFromInline
    init(
      priority: TaskPriority?,
      name: String?,
      cancelIDs: [EffectID] = [],
      body: @escaping @Sendable (Send<Effect>) async throws -> Void
    ) {
      self.priority = priority
      self.name = name
      self.cancelIDs = cancelIDs
      self.body = body
    }

    /// The same work, also cancelled by `id`, which encloses the identifiers it has.
    func marked(_ id: EffectID) -> Job {
      Job(priority: priority, name: name, cancelIDs: [id] + cancelIDs, body: body)
    }

    /// The same work, sending each effect through `transform`.
    func map<NewEffect: Sendable>(
      _ transform: @escaping @Sendable (Effect) -> NewEffect
    ) -> Effects<NewEffect>.Job {
      let body = self.body
      return .init(priority: priority, name: name, cancelIDs: cancelIDs) { send in
        try await body(send.map(transform))
      }
    }

    /// Runs the work inside the current task, each identifier marking a child task that
    /// cancelling it stops without stopping the enclosing work.
    func run(_ send: Send<Effect>) async throws {
      try await run(send, marked: cancelIDs[...])
    }

    private func run(_ send: Send<Effect>, marked ids: ArraySlice<EffectID>) async throws {
      guard let outermost = ids.first else { return try await body(send) }
      try await send.host.runCancellable(id: outermost) {
        try await self.run(send, marked: ids.dropFirst())
      }
    }
  }
}

extension Effects.Plan {
  /// Carries out the plan in order: each effect goes to `effect`, each cancellation to
  /// `cancel`, each task to `start`. The one interpreter of effects.
  @inlinable
  func perform(
    effect: (Effect) -> Void,
    cancel: (EffectID) -> Void,
    start: (Effects.Job) -> Void
  ) {
    // Not recursive, so that the engine's hot path inlines it whole.
    if case .steps(let steps) = self {
      for step in steps { step.performStep(effect: effect, cancel: cancel, start: start) }
    } else {
      performStep(effect: effect, cancel: cancel, start: start)
    }
  }

  /// Carries out one step of a plan.
  @inlinable
  func performStep(
    effect: (Effect) -> Void,
    cancel: (EffectID) -> Void,
    start: (Effects.Job) -> Void
  ) {
    switch self {
    case .none: return
    case .effect(let value): effect(value)
    case .effects(let values): for value in values { effect(value) }
    case .cancel(let id): cancel(id)
    case .task(let job): start(job)
    case .steps: preconditionFailure("Internal inconsistency: the steps of a plan are nested")
    }
  }

  /// `plans` one after the other, flattened, without the empty ones.
  static func joining(_ plans: [Self]) -> Self {
    var steps: [Self] = []
    for plan in plans {
      switch plan {
      case .none: continue
      case .steps(let inner): steps += inner
      default: steps.append(plan)
      }
    }
    return steps.count > 1 ? .steps(steps) : steps.first ?? .none
  }

  /// The same steps with each effect and each task replaced.
  func map<NewEffect: Sendable>(
    effect: (Effect) -> NewEffect,
    job: (Effects.Job) -> Effects<NewEffect>.Job
  ) -> Effects<NewEffect>.Plan {
    var steps: [Effects<NewEffect>.Plan] = []
    perform(
      effect: { steps.append(.effect(effect($0))) },
      cancel: { steps.append(.cancel($0)) },
      start: { steps.append(.task(job($0))) }
    )
    return .joining(steps)
  }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  /// Whether the plan starts no task, so all of it happens in the call that performs it.
  var isSynchronous: Bool {
    var result = true
    perform(effect: { _ in }, cancel: { _ in }, start: { _ in result = false })
    return result
  }

  /// Runs the whole plan inside the current task and returns when all of it has finished:
  /// effects are sent and identifiers cancelled in order, tasks run side by side as children.
  func run(_ send: Send<Effect>) async throws {
    if case .task(let job) = self { return try await job.run(send) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      perform(
        effect: { send($0) },
        cancel: { send.host.cancel($0) },
        start: { job in group.addTask { try await job.run(send) } }
      )
      try await group.waitForAll()
    }
  }
}

// MARK: - Synchronous effects

extension Effects {
  /// No effect: the action changes nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// One effect, reduced immediately.
  ///
  /// - Parameter effect: The effect to reduce.
  @inlinable
  public static func just(_ effect: Effect) -> Self { Self(.effect(effect)) }

  /// Several effects, reduced immediately and in order; each one produces a state.
  ///
  /// - Parameter effects: The effects to reduce, first to last.
  @inlinable
  public static func many(_ effects: [Effect]) -> Self {
    switch effects.count {
    case 0: Self(.none)
    case 1: Self(.effect(effects[0]))
    default: Self(.effects(effects))
    }
  }

  /// Several effects, reduced immediately and in order; each one produces a state.
  ///
  /// - Parameter effects: The effects to reduce, first to last.
  @inlinable
  public static func many(_ effects: Effect...) -> Self { many(effects) }
}

// MARK: - Asynchronous effects

extension Effects {
  /// Asynchronous work that sends effects over time.
  ///
  /// The operation runs in a task owned by the feature. Each effect it sends is queued and reduced
  /// against the state current when it arrives. If the operation throws, the error goes to
  /// `handler` when given; otherwise to the definition's
  /// ``FeatureDefinition/effect(for:from:)``, and when that returns `nil`, to the feature's
  /// unhandled-error reporter (see ``FeatureConfiguration/onUnhandledError``). Errors thrown
  /// because the task was cancelled are ignored.
  ///
  /// ```swift
  /// .run { send in
  ///   send(.loadingDidStart)
  ///   send(.itemsDidLoad(try await api.items()))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` uses the default.
  ///   - name: A name used when reporting the effect (for example an effect still in flight at the
  ///     end of a test).
  ///   - operation: The work. Call `send` any number of times, from any thread.
  ///   - handler: Turns an error thrown by `operation` into effects.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Effect>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Effect>) async -> Void)? = nil
  ) -> Self {
    guard let handler else {
      return Self(.task(Job(priority: priority, name: name, body: operation)))
    }
    return Self(
      .task(
        Job(priority: priority, name: name) { send in
          do {
            try await operation(send)
          } catch is CancellationError where Task.isCancelled {
            // The feature cancelled the work: nothing to report.
          } catch {
            await handler(error, send)
          }
        }
      )
    )
  }

  /// Every element of an asynchronous sequence, sent as an effect when it arrives.
  ///
  /// An error thrown by the sequence is handled like an error thrown by
  /// ``run(priority:name:operation:catch:)``.
  ///
  /// - Parameter sequence: The effects, over time.
  public static func sequence<Elements: AsyncSequence & Sendable>(
    _ sequence: Elements
  ) -> Self where Elements.Element == Effect {
    .run { send in
      for try await effect in sequence {
        send(effect)
      }
    }
  }

  /// One effect sent after a delay measured by `clock`.
  ///
  /// - Parameters:
  ///   - effect: The effect to send.
  ///   - duration: How long to wait.
  ///   - clock: The clock to wait on; inject a test clock in tests.
  public static func delayed(
    _ effect: Effect,
    by duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    .run { send in
      try await clock.sleep(for: duration)
      send(effect)
    }
  }
}

// MARK: - Combining and cancelling

extension Effects {
  /// Runs all the given effects at once; synchronous parts are reduced first, in order.
  ///
  /// - Parameter effects: The effects to combine.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all the given effects at once; synchronous parts are reduced first, in order.
  ///
  /// - Parameter effects: The effects to combine.
  public static func merge(_ effects: [Self]) -> Self {
    Self(.joining(effects.map { $0.plan }))
  }

  /// Runs the given effects one after the other: each starts when the previous one has finished.
  ///
  /// A leading run of synchronous effects is reduced immediately; the rest runs in one task.
  ///
  /// - Parameter effects: The effects, in order.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the given effects one after the other: each starts when the previous one has finished.
  ///
  /// - Parameter effects: The effects, in order.
  public static func concatenate(_ effects: [Self]) -> Self {
    let parts = effects.map { $0.plan }.filter { !$0.isNone }
    let now = parts.prefix { $0.isSynchronous }
    // One part is kept as it is; several become their synchronous prefix and one task.
    guard parts.count > 1, now.count < parts.count else { return Self(.joining(parts)) }
    let later = parts[now.count...]
    let rest = Job(priority: nil, name: nil) { send in
      for part in later {
        try Task.checkCancellation()
        try await part.run(send)
      }
    }
    return Self(.joining(now + [.task(rest)]))
  }

  /// These effects and `other`, at once.
  ///
  /// - Parameter other: The effects to run alongside these.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// These effects, then `other`.
  ///
  /// - Parameter other: The effects to run after these have finished.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Marks the asynchronous work of these effects with an identifier so that it can be cancelled
  /// with ``cancel(id:)``.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; work from several actions may share it.
  ///   - cancelInFlight: When `true`, work already running with the same identifier is cancelled
  ///     before this one starts (the "latest wins" pattern for searches and refreshes).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let id = EffectID(id)
    let marked = plan.map(effect: { $0 }, job: { $0.marked(id) })
    return Self(cancelInFlight ? .joining([.cancel(id), marked]) : marked)
  }

  /// Cancels all running work marked with `id`. Effects it already sent stay reduced.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// The same work, with every effect transformed; used to embed a smaller feature's effects in a
  /// larger one.
  ///
  /// - Parameter transform: Maps each effect to the new type.
  public func map<NewEffect: Sendable>(
    _ transform: @escaping @Sendable (Effect) -> NewEffect
  ) -> Effects<NewEffect> {
    Effects<NewEffect>(plan.map(effect: transform, job: { $0.map(transform) }))
  }
}

// MARK: - Inspection

extension Effects {
  /// Whether these effects are all produced synchronously (so they are reduced in the same call).
  public var isSynchronous: Bool {
    plan.isSynchronous
  }

  /// The synchronous effects in the order they would be reduced, or `nil` when some work is
  /// asynchronous. Useful for testing an Actor on its own.
  public var synchronousEffects: [Effect]? {
    var effects: [Effect] = []
    var isSynchronous = true
    plan.perform(
      effect: { effects.append($0) },
      cancel: { _ in },
      start: { _ in isSynchronous = false }
    )
    return isSynchronous ? effects : nil
  }
}
