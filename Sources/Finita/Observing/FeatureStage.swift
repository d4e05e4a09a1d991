/// Which stage of a feature's processing a ``FeatureEvent`` reports.
///
/// Stages come in processing order, one at a time, on the processing thread:
///
/// ```
/// created → started → wish → action → effect → state → news → postProcessedAction → …
///   bootstrapAction (from the Bootstrapper) and workStarted / workFinished / workCancelled /
///   workFailed (asynchronous effects) interleave where they happen; disposed comes last.
/// ```
///
/// A struct with static members rather than an enum, so that a later stage is not a breaking
/// change; compare with `==` or switch over the static members with `case .wish:`.
public struct FeatureStage: Hashable, Sendable, CustomStringConvertible {
  /// The stage's name, as logs print it: `wish`, `effect`, `workStarted`…
  public let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// The feature was created, with its initial state.
  public static let created = FeatureStage("created")
  /// The feature started: its Bootstrapper is about to run.
  public static let started = FeatureStage("started")
  /// A wish was accepted and is about to become an action.
  public static let wish = FeatureStage("wish")
  /// The Bootstrapper produced an action.
  public static let bootstrapAction = FeatureStage("bootstrapAction")
  /// The Actor is about to handle an action.
  public static let action = FeatureStage("action")
  /// The Reducer is about to reduce an effect, produced by an action.
  public static let effect = FeatureStage("effect")
  /// The Reducer produced a new state (with the one before it).
  public static let state = FeatureStage("state")
  /// The NewsPublisher published news.
  public static let news = FeatureStage("news")
  /// The PostProcessor produced an action, queued for the Actor.
  public static let postProcessedAction = FeatureStage("postProcessedAction")
  /// The Actor's synchronous effects for an action were all reduced; its asynchronous work, if
  /// any, goes on.
  public static let actionHandled = FeatureStage("actionHandled")
  /// Asynchronous work started, for an action or the Bootstrapper.
  public static let workStarted = FeatureStage("workStarted")
  /// Asynchronous work finished normally.
  public static let workFinished = FeatureStage("workFinished")
  /// Asynchronous work was cancelled (by its identifier, by a newer one, or on dispose).
  public static let workCancelled = FeatureStage("workCancelled")
  /// Asynchronous work threw an error.
  public static let workFailed = FeatureStage("workFailed")
  /// The feature was disposed.
  public static let disposed = FeatureStage("disposed")

  /// Every stage, in the order a feature's life goes through them.
  public static let allStages: [FeatureStage] = [
    .created, .started, .wish, .bootstrapAction, .action, .effect, .state, .news,
    .postProcessedAction, .actionHandled, .workStarted, .workFinished, .workCancelled,
    .workFailed, .disposed,
  ]

  /// The stage's name.
  public var description: String { name }
}
