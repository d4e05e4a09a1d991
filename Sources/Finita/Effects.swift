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
  /// What to do. The synchronous cases are stored inline, so once specialized for a concrete
  /// `Effect` the type has a fixed layout and the hot path switches over it directly; everything
  /// else lives in a ``Work`` object, which also keeps the type from containing itself.
  @usableFromInline
  enum Operation: Sendable {
    case none
    case one(Effect)
    case many([Effect])
    case work(Work)
  }

  /// Asynchronous, combined or cancellation work: anything but plain synchronous effects.
  @usableFromInline
  final class Work: Sendable {
    @usableFromInline
    enum Kind: Sendable {
      case run(Run)
      case merge([Effects])
      case concatenate([Effects])
      case cancellable(Effects, id: EffectID, cancelInFlight: Bool)
      case cancel(id: EffectID)
    }

    @usableFromInline let kind: Kind

    @usableFromInline
    init(_ kind: Kind) {
      self.kind = kind
    }
  }

  @usableFromInline
  struct Run: Sendable {
    @usableFromInline let priority: TaskPriority?
    @usableFromInline let name: String?
    @usableFromInline let body: @Sendable (Send<Effect>) async throws -> Void

    @usableFromInline
    init(
      priority: TaskPriority?,
      name: String?,
      body: @escaping @Sendable (Send<Effect>) async throws -> Void
    ) {
      self.priority = priority
      self.name = name
      self.body = body
    }
  }

  @usableFromInline let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  @inlinable
  init(_ kind: Work.Kind) {
    self.operation = .work(Work(kind))
  }
}

// MARK: - The tree, as every interpreter reads it

extension Effects {
  /// One node of the tree, whatever its storage: the view that every interpreter switches over
  /// (``map(_:)``, ``isSynchronous``, ``synchronousEffects``, the sequential body of a task,
  /// and the engine's launch), so they cannot disagree about which cases exist. Only the
  /// engine's hot path reads ``operation`` directly, for its inline synchronous cases.
  @usableFromInline
  enum Node {
    /// No effect.
    case none
    /// One synchronous effect.
    case one(Effect)
    /// Synchronous effects, reduced in order.
    case many([Effect])
    /// Asynchronous work in a task of its own.
    case run(Run)
    /// Parts that run at the same time.
    case merge([Effects])
    /// Parts that run one after the other.
    case concatenate([Effects])
    /// Work that cancelling `id` stops.
    case cancellable(Effects, id: EffectID, cancelInFlight: Bool)
    /// Cancels the work marked with `id`.
    case cancel(id: EffectID)
  }

  /// This value as a ``Node``.
  @inlinable
  var node: Node {
    switch operation {
    case .none: .none
    case .one(let effect): .one(effect)
    case .many(let effects): .many(effects)
    case .work(let work):
      switch work.kind {
      case .run(let run): .run(run)
      case .merge(let parts): .merge(parts)
      case .concatenate(let parts): .concatenate(parts)
      case .cancellable(let inner, let id, let cancelInFlight):
        .cancellable(inner, id: id, cancelInFlight: cancelInFlight)
      case .cancel(let id): .cancel(id: id)
      }
    }
  }

  /// Walks the synchronous effects in the order they are reduced, stopping at the first
  /// asynchronous work; `false` when it stopped there. ``isSynchronous`` and
  /// ``synchronousEffects`` are this walk, so they agree by construction.
  @inlinable
  func walkSynchronous(_ visit: (Effect) -> Void) -> Bool {
    switch node {
    case .none, .cancel: return true
    case .one(let effect):
      visit(effect)
      return true
    case .many(let effects):
      for effect in effects { visit(effect) }
      return true
    case .run: return false
    case .merge(let parts), .concatenate(let parts):
      for part in parts where !part.walkSynchronous(visit) { return false }
      return true
    case .cancellable(let inner, _, _): return inner.walkSynchronous(visit)
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
  public static func just(_ effect: Effect) -> Self { Self(.one(effect)) }

  /// Several effects, reduced immediately and in order; each one produces a state.
  ///
  /// - Parameter effects: The effects to reduce, first to last.
  @inlinable
  public static func many(_ effects: [Effect]) -> Self {
    switch effects.count {
    case 0: Self(.none)
    case 1: Self(.one(effects[0]))
    default: Self(.many(effects))
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
      return Self(.run(Run(priority: priority, name: name, body: operation)))
    }
    return Self(
      .run(
        Run(priority: priority, name: name) { send in
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
    let parts = effects.filter { !$0.isNone }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(.merge(parts))
    }
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
    let parts = effects.filter { !$0.isNone }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(.concatenate(parts))
    }
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
    Self(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// Cancels all running work marked with `id`. Effects it already sent stay reduced.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }

  /// The same work, with every effect transformed; used to embed a smaller feature's effects in a
  /// larger one.
  ///
  /// - Parameter transform: Maps each effect to the new type.
  public func map<NewEffect: Sendable>(
    _ transform: @escaping @Sendable (Effect) -> NewEffect
  ) -> Effects<NewEffect> {
    switch node {
    case .none:
      return .none
    case .one(let effect):
      return .just(transform(effect))
    case .many(let effects):
      return .many(effects.map(transform))
    case .run(let run):
      return Effects<NewEffect>(
        .run(
          .init(priority: run.priority, name: run.name) { send in
            try await run.body(send.map(transform))
          }
        )
      )
    case .merge(let parts):
      return .merge(parts.map { $0.map(transform) })
    case .concatenate(let parts):
      return .concatenate(parts.map { $0.map(transform) })
    case .cancellable(let inner, let id, let cancelInFlight):
      return Effects<NewEffect>(
        .cancellable(inner.map(transform), id: id, cancelInFlight: cancelInFlight)
      )
    case .cancel(let id):
      return Effects<NewEffect>(.cancel(id: id))
    }
  }
}

// MARK: - Inspection

extension Effects {
  @usableFromInline
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Whether these effects are all produced synchronously (so they are reduced in the same call).
  public var isSynchronous: Bool {
    walkSynchronous { _ in }
  }

  /// The synchronous effects in the order they would be reduced, or `nil` when some work is
  /// asynchronous. Useful for testing an Actor on its own.
  public var synchronousEffects: [Effect]? {
    var result: [Effect] = []
    return walkSynchronous { result.append($0) } ? result : nil
  }

  /// The whole work as one sequential operation: used where synchronous and asynchronous parts
  /// must keep their order inside a single task.
  @usableFromInline
  func sequentialBody() -> @Sendable (Send<Effect>) async throws -> Void {
    switch node {
    case .none:
      return { _ in }
    case .one(let effect):
      return { send in send(effect) }
    case .many(let effects):
      return { send in for effect in effects { send(effect) } }
    case .run(let run):
      return run.body
    case .merge(let parts):
      let bodies = parts.map { $0.sequentialBody() }
      return { send in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for body in bodies {
            group.addTask { try await body(send) }
          }
          try await group.waitForAll()
        }
      }
    case .concatenate(let parts):
      let bodies = parts.map { $0.sequentialBody() }
      return { send in
        for body in bodies {
          try Task.checkCancellation()
          try await body(send)
        }
      }
    case .cancellable(let inner, let id, let cancelInFlight):
      let body = inner.sequentialBody()
      return { send in
        try await send.host.runCancellable(id: id, cancelInFlight: cancelInFlight) {
          try await body(send)
        }
      }
    case .cancel(let id):
      return { send in send.host.cancel(id) }
    }
  }
}
