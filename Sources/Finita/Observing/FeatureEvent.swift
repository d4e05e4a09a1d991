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

  // Unowned and unsafe, like the pointers: the trace that holds the source strongly outlives
  // every call it makes, and the event cannot escape the call.
  @usableFromInline unowned(unsafe) let source: FeatureSource
  /// The stage's index in ``FeatureStage/allStages``: the ``Kind``'s raw value, kept as the byte
  /// itself so that reading the stage in an interceptor's generic code is one load.
  @usableFromInline let stageIndex: UInt8
  @usableFromInline let wishValue: UnsafePointer<Wish>?
  @usableFromInline let actionValue: UnsafePointer<Action>?
  @usableFromInline let effectValue: UnsafePointer<Effect>?
  @usableFromInline let stateValue: UnsafePointer<State>?
  @usableFromInline let previousStateValue: UnsafePointer<State>?
  @usableFromInline let newsValue: UnsafePointer<News>?
  @usableFromInline let workValue: UnsafePointer<WorkInfo>?
  @usableFromInline let errorValue: UnsafePointer<any Error>?

  /// The stages as the event stores them, in the order of ``FeatureStage/allStages``: the raw
  /// value is the stage's index.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    case created, started, wish, bootstrapAction, action, effect, state, news
    case postProcessedAction, actionHandled, workStarted, workFinished, workCancelled
    case workFailed, disposed
  }

  /// An event of the values at these addresses, valid while the event lives.
  ///
  /// The event holds addresses rather than values: building one, and ending it, is then a few
  /// stores, with no copy and no destruction of the definition's types, which in the client's
  /// specialized code went through generic value witnesses that look up the definition's
  /// associated types at every stage.
  @inlinable
  init(
    source: FeatureSource,
    kind: Kind,
    wish: UnsafePointer<Wish>? = nil,
    action: UnsafePointer<Action>? = nil,
    effect: UnsafePointer<Effect>? = nil,
    state: UnsafePointer<State>? = nil,
    previousState: UnsafePointer<State>? = nil,
    news: UnsafePointer<News>? = nil,
    work: UnsafePointer<WorkInfo>? = nil,
    error: UnsafePointer<any Error>? = nil
  ) {
    self.source = source
    stageIndex = kind.rawValue
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
  public var feature: FeatureInfo { source.info }

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

  /// The stage.
  @inlinable @inline(__always)
  public var stage: FeatureStage { FeatureStage(index: stageIndex) }
}

extension FeatureEvent {
  /// The event's values, copied out so they can be kept: what an interceptor that records the
  /// stage, or renders it later on another thread, keeps.
  @inlinable
  public var values: FeatureEventValues<Definition> {
    FeatureEventValues(
      feature: feature, stage: stage, wish: wish, action: action, effect: effect, state: state,
      previousState: previousState, news: news, work: work, error: error)
  }
}

/// The values of one ``FeatureEvent``, copied out of it: a value an interceptor can keep,
/// send to another thread, or store in a ring (``FeatureEvent/values``).
public struct FeatureEventValues<Definition: FeatureDefinition>: Sendable {
  /// The feature the event came from.
  public var feature: FeatureInfo
  /// The stage.
  public var stage: FeatureStage
  /// The wish, for ``FeatureStage/wish``.
  public var wish: Definition.Wish?
  /// The action, as ``FeatureEvent/action`` documents it.
  public var action: Definition.Action?
  /// The effect, for ``FeatureStage/effect`` and ``FeatureStage/state``.
  public var effect: Definition.Effect?
  /// The new state for ``FeatureStage/state``, the initial state for ``FeatureStage/created``.
  public var state: Definition.State?
  /// The state before the effect, for ``FeatureStage/state``.
  public var previousState: Definition.State?
  /// The news, for ``FeatureStage/news``.
  public var news: Definition.News?
  /// The asynchronous work, for the work stages.
  public var work: WorkInfo?
  /// The error the work threw, for ``FeatureStage/workFailed``.
  public var error: (any Error)?

  /// Creates the values of one stage.
  ///
  /// - Parameters:
  ///   - feature: The feature.
  ///   - stage: The stage.
  ///   - wish: The wish, for `wish`.
  ///   - action: The action of the stage or behind it.
  ///   - effect: The effect, for `effect` and `state`.
  ///   - state: The new state, for `state` and `created`.
  ///   - previousState: The state before the effect, for `state`.
  ///   - news: The news, for `news`.
  ///   - work: The work, for the work stages.
  ///   - error: The error, for `workFailed`.
  @inlinable
  public init(
    feature: FeatureInfo, stage: FeatureStage, wish: Definition.Wish? = nil,
    action: Definition.Action? = nil, effect: Definition.Effect? = nil,
    state: Definition.State? = nil, previousState: Definition.State? = nil,
    news: Definition.News? = nil, work: WorkInfo? = nil, error: (any Error)? = nil
  ) {
    self.feature = feature
    self.stage = stage
    self.wish = wish
    self.action = action
    self.effect = effect
    self.state = state
    self.previousState = previousState
    self.news = news
    self.work = work
    self.error = error
  }
}
