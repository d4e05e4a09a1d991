/// One stage of a feature's processing, as interceptors see it: which feature, which stage, and
/// the values of that stage.
///
/// ```swift
/// struct PrintingInterceptor: FeatureInterceptor {
///   func intercept<Definition: FeatureDefinition>(
///     _ event: FeatureEvent<Definition>
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
/// An event is a value: an interceptor may keep it, send it to another thread or store it (as
/// FinitaRecording and FinitaEventLog do).
public struct FeatureEvent<Definition: FeatureDefinition>: Sendable {
  /// The feature the event came from.
  public let feature: FeatureInfo
  /// The stage.
  public let stage: FeatureStage
  @usableFromInline let payload: FeatureTraceEvent<Definition>

  /// The event of `payload`, a stage of `feature`.
  @inlinable
  init(feature: FeatureInfo, payload: FeatureTraceEvent<Definition>) {
    self.feature = feature
    self.payload = payload
    stage =
      switch payload {
      case .created: .created
      case .started: .started
      case .wish: .wish
      case .bootstrapAction: .bootstrapAction
      case .action: .action
      case .effect: .effect
      case .state: .state
      case .news: .news
      case .postProcessedAction: .postProcessedAction
      case .actionHandled: .actionHandled
      case .workStarted: .workStarted
      case .workEnded(_, .finished): .workFinished
      case .workEnded(_, .cancelled): .workCancelled
      case .workEnded(_, .failed): .workFailed
      case .disposed: .disposed
      }
  }

  /// The wish, for ``FeatureStage/wish``.
  public var wish: Definition.Wish? {
    if case .wish(let wish) = payload { wish } else { nil }
  }

  /// The action: for ``FeatureStage/action``, ``FeatureStage/bootstrapAction``,
  /// ``FeatureStage/postProcessedAction`` and ``FeatureStage/actionHandled``, the action itself;
  /// for ``FeatureStage/effect``, the action that produced the effect; for the work stages, the
  /// action that started the work (`nil` for the Bootstrapper's).
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

  /// The effect, for ``FeatureStage/effect`` and ``FeatureStage/state`` (the effect that
  /// produced the state).
  public var effect: Definition.Effect? {
    switch payload {
    case .effect(let effect, _), .state(_, _, let effect): effect
    default: nil
    }
  }

  /// The state: the new state for ``FeatureStage/state``, the initial state for
  /// ``FeatureStage/created``.
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
