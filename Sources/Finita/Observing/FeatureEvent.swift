/// One stage of a feature's processing, as interceptors see it: which feature, which stage, and
/// the values of that stage.
///
/// ```swift
/// struct PrintingInterceptor: FeatureInterceptor {
///   func intercept<Definition: FeatureDefinition>(
///     _ event: borrowing FeatureEvent<Definition>
///   ) {
///     switch event.stage {
///     case .wish: print(event.feature, "wish", event.wish!)
///     case .state: print(event.feature, event.previousState!, "->", event.state!)
///     default: break
///     }
///   }
/// }
/// ```
///
/// Each accessor is non-`nil` for the stages that carry that value, as documented on it.
///
/// An event is a view of values the engine holds during the call: it is noncopyable and passed
/// `borrowing`, so it cannot outlive ``FeatureInterceptor/intercept(_:)``. Building it copies
/// nothing; each accessor copies the one value it returns. To keep a stage, keep the values you
/// read (as FinitaRecording does).
public struct FeatureEvent<Definition: FeatureDefinition>: ~Copyable {
  @usableFromInline typealias Wish = Definition.Wish
  @usableFromInline typealias Action = Definition.Action
  @usableFromInline typealias Effect = Definition.Effect
  @usableFromInline typealias State = Definition.State
  @usableFromInline typealias News = Definition.News

  // Unowned and unsafe, like the pointers: the trace outlives every call it makes, and the
  // event cannot escape the call.
  @usableFromInline unowned(unsafe) let trace: FeatureTrace<Definition>
  /// The stage: one byte, stored, so that reading it in an interceptor's generic code is one
  /// load.
  public let stage: FeatureStage
  @usableFromInline let featureValue: UnsafePointer<FeatureInfo>
  @usableFromInline let wishValue: UnsafePointer<Wish>?
  @usableFromInline let actionValue: UnsafePointer<Action>?
  @usableFromInline let effectValue: UnsafePointer<Effect>?
  @usableFromInline let stateValue: UnsafePointer<State>?
  @usableFromInline let previousStateValue: UnsafePointer<State>?
  @usableFromInline let newsValue: UnsafePointer<News>?
  @usableFromInline let workValue: UnsafePointer<WorkInfo>?
  @usableFromInline let errorValue: UnsafePointer<any Error>?

  /// An event of the values at these addresses, valid while the event lives.
  ///
  /// The event holds addresses rather than values: building one, and ending it, is then a few
  /// stores, with no copy and no destruction of the definition's types, which in the client's
  /// specialized code went through generic value witnesses that look up the definition's
  /// associated types at every stage.
  @inlinable
  init(
    trace: FeatureTrace<Definition>,
    stage: FeatureStage,
    wish: UnsafePointer<Wish>? = nil,
    action: UnsafePointer<Action>? = nil,
    effect: UnsafePointer<Effect>? = nil,
    state: UnsafePointer<State>? = nil,
    previousState: UnsafePointer<State>? = nil,
    news: UnsafePointer<News>? = nil,
    work: UnsafePointer<WorkInfo>? = nil,
    error: UnsafePointer<any Error>? = nil
  ) {
    self.trace = trace
    self.stage = stage
    featureValue = UnsafePointer(trace.infoAddress)
    wishValue = wish
    actionValue = action
    effectValue = effect
    stateValue = state
    previousStateValue = previousState
    newsValue = news
    workValue = work
    errorValue = error
  }

  /// The feature the event comes from.
  ///
  /// Read through a pointer the event holds, so that an interceptor's generic code reads it
  /// without looking up the definition's types.
  @inlinable @inline(__always)
  public var feature: FeatureInfo { featureValue.pointee }

  /// The wish, for ``FeatureStage/wish``.
  @inlinable
  public var wish: Definition.Wish? { wishValue?.pointee }

  /// The action: for ``FeatureStage/action``, ``FeatureStage/bootstrapAction``,
  /// ``FeatureStage/postProcessedAction`` and ``FeatureStage/actionHandled``, the action itself;
  /// for ``FeatureStage/effect``, the action that produced the effect; for the work stages, the
  /// action that started the work (`nil` for the Bootstrapper's).
  @inlinable
  public var action: Definition.Action? { actionValue?.pointee }

  /// The effect, for ``FeatureStage/effect`` and ``FeatureStage/state`` (the effect that
  /// produced the state).
  @inlinable
  public var effect: Definition.Effect? { effectValue?.pointee }

  /// The state: the new state for ``FeatureStage/state``, the initial state for
  /// ``FeatureStage/created``.
  @inlinable
  public var state: Definition.State? { stateValue?.pointee }

  /// The state before the effect, for ``FeatureStage/state``.
  @inlinable
  public var previousState: Definition.State? { previousStateValue?.pointee }

  /// The news, for ``FeatureStage/news``.
  @inlinable
  public var news: Definition.News? { newsValue?.pointee }

  /// The asynchronous work, for the work stages.
  @inlinable
  public var work: WorkInfo? { workValue?.pointee }

  /// The error the work threw, for ``FeatureStage/workFailed``.
  @inlinable
  public var error: (any Error)? { errorValue?.pointee }
}

extension FeatureEvent {
  /// The event's values, copied out so they can be kept: what an interceptor that records the
  /// stage, or renders it later on another thread, keeps.
  @inlinable
  public var values: FeatureEventValues<Definition> { trace.copyValues(self) }
}

/// The values of one ``FeatureEvent``, copied out of it: a value an interceptor can keep,
/// send to another thread, or store in a ring (``FeatureEvent/values``).
///
/// It keeps the stage's values as the engine's trace does, one case per stage, so that copying
/// an event into it is done by the engine in code specialized for the definition.
public struct FeatureEventValues<Definition: FeatureDefinition>: Sendable {
  /// The feature the event came from.
  public let feature: FeatureInfo
  /// The stage.
  public let stage: FeatureStage
  @usableFromInline let payload: FeatureTraceEvent<Definition>

  /// The values of a stage kept in a ``FeatureEventLog``.
  @inlinable
  init(feature: FeatureInfo, stage: FeatureStage, payload: FeatureTraceEvent<Definition>) {
    self.feature = feature
    self.stage = stage
    self.payload = payload
  }

  /// The values of `event`.
  @inlinable
  init(copying event: borrowing FeatureEvent<Definition>) {
    feature = event.feature
    stage = event.stage
    switch event.stage {
    case .created: payload = .created(event.stateValue!.pointee)
    case .started: payload = .started
    case .wish: payload = .wish(event.wishValue!.pointee)
    case .bootstrapAction: payload = .bootstrapAction(event.actionValue!.pointee)
    case .action: payload = .action(event.actionValue!.pointee)
    case .effect: payload = .effect(event.effectValue!.pointee, action: event.actionValue!.pointee)
    case .state:
      payload = .state(
        previous: event.previousStateValue!.pointee, event.stateValue!.pointee,
        effect: event.effectValue!.pointee)
    case .news: payload = .news(event.newsValue!.pointee)
    case .postProcessedAction: payload = .postProcessedAction(event.actionValue!.pointee)
    case .actionHandled: payload = .actionHandled(event.actionValue!.pointee)
    case .workStarted:
      payload = .workStarted(TracedWork(info: event.workValue!.pointee, action: event.action))
    case .workFinished:
      payload = .workEnded(
        TracedWork(info: event.workValue!.pointee, action: event.action), .finished)
    case .workCancelled:
      payload = .workEnded(
        TracedWork(info: event.workValue!.pointee, action: event.action), .cancelled)
    case .workFailed:
      payload = .workEnded(
        TracedWork(info: event.workValue!.pointee, action: event.action),
        .failed(event.errorValue!.pointee))
    default: payload = .disposed
    }
  }

  /// The wish, for ``FeatureStage/wish``.
  public var wish: Definition.Wish? {
    if case .wish(let wish) = payload { wish } else { nil }
  }

  /// The action, as ``FeatureEvent/action`` documents it.
  public var action: Definition.Action? {
    switch payload {
    case .action(let action), .bootstrapAction(let action), .postProcessedAction(let action),
      .actionHandled(let action), .effect(_, let action):
      action
    case .workStarted(let work), .workEnded(let work, _):
      work.action
    default:
      nil
    }
  }

  /// The effect, for ``FeatureStage/effect`` and ``FeatureStage/state``.
  public var effect: Definition.Effect? {
    switch payload {
    case .effect(let effect, _), .state(_, _, let effect): effect
    default: nil
    }
  }

  /// The new state for ``FeatureStage/state``, the initial state for ``FeatureStage/created``.
  public var state: Definition.State? {
    switch payload {
    case .created(let state), .state(_, let state, _): state
    default: nil
    }
  }

  /// The state before the effect, for ``FeatureStage/state``.
  public var previousState: Definition.State? {
    if case .state(let previous, _, _) = payload { previous } else { nil }
  }

  /// The news, for ``FeatureStage/news``.
  public var news: Definition.News? {
    if case .news(let news) = payload { news } else { nil }
  }

  /// The asynchronous work, for the work stages.
  public var work: WorkInfo? {
    switch payload {
    case .workStarted(let work), .workEnded(let work, _): work.info
    default: nil
    }
  }

  /// The error the work threw, for ``FeatureStage/workFailed``.
  public var error: (any Error)? {
    if case .workEnded(_, .failed(let error)) = payload { error } else { nil }
  }
}
