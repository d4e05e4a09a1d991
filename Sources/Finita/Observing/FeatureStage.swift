/// Which stage of a feature's processing a ``FeatureEvent`` reports.
///
/// Stages come in processing order, one at a time, on the processing thread:
///
/// ```
/// created → started → wish → action → effect → state → news → postProcessedAction → …
///   bootstrapAction (from the Bootstrapper) and workStarted / workFinished / workCancelled /
///   workFailed (asynchronous effects) interleave where they happen; disposed comes when the
///   processing thread stops, and only the rest of an action in progress (its remaining effect
///   stages, which reduce nothing, and its actionHandled) can follow it.
/// ```
///
/// A struct with static members rather than an enum, so that a later stage is not a breaking
/// change; compare with `==` or switch over the static members with `case .wish:`.
public struct FeatureStage: Hashable, Sendable, CustomStringConvertible {
  /// The stage's place in ``allStages``: a stage is one byte, so comparing, hashing and
  /// switching over stages, which interceptors do at every event, costs no string work.
  @usableFromInline let index: UInt8

  @inlinable
  init(index: UInt8) {
    self.index = index
  }

  /// The stage's place in ``allStages``, from 0: an index for a table of settings per stage.
  @inlinable
  public var position: Int { Int(index) }

  /// The stage's name, as logs print it: `wish`, `effect`, `workStarted`…
  public var name: String { Self.names[Int(index)] }

  private static let names = [
    "created", "started", "wish", "bootstrapAction", "action", "effect", "state", "news",
    "postProcessedAction", "actionHandled", "workStarted", "workFinished", "workCancelled",
    "workFailed", "disposed",
  ]

  /// The feature was created, with its initial state.
  @inlinable public static var created: FeatureStage { FeatureStage(index: 0) }
  /// The feature started: its Bootstrapper is about to run.
  @inlinable public static var started: FeatureStage { FeatureStage(index: 1) }
  /// A wish was accepted and is about to become an action.
  @inlinable public static var wish: FeatureStage { FeatureStage(index: 2) }
  /// The Bootstrapper produced an action.
  @inlinable public static var bootstrapAction: FeatureStage { FeatureStage(index: 3) }
  /// The Actor is about to handle an action.
  @inlinable public static var action: FeatureStage { FeatureStage(index: 4) }
  /// The Reducer is about to reduce an effect, produced by an action.
  @inlinable public static var effect: FeatureStage { FeatureStage(index: 5) }
  /// The Reducer produced a new state (with the one before it).
  @inlinable public static var state: FeatureStage { FeatureStage(index: 6) }
  /// The NewsPublisher published news.
  @inlinable public static var news: FeatureStage { FeatureStage(index: 7) }
  /// The PostProcessor produced an action, queued for the Actor.
  @inlinable public static var postProcessedAction: FeatureStage { FeatureStage(index: 8) }
  /// The Actor's synchronous effects for an action were all reduced; its asynchronous work, if
  /// any, goes on.
  @inlinable public static var actionHandled: FeatureStage { FeatureStage(index: 9) }
  /// Asynchronous work started, for an action or the Bootstrapper.
  @inlinable public static var workStarted: FeatureStage { FeatureStage(index: 10) }
  /// Asynchronous work finished normally.
  @inlinable public static var workFinished: FeatureStage { FeatureStage(index: 11) }
  /// Asynchronous work was cancelled (by its identifier, by a newer one, or on dispose).
  @inlinable public static var workCancelled: FeatureStage { FeatureStage(index: 12) }
  /// Asynchronous work threw an error.
  @inlinable public static var workFailed: FeatureStage { FeatureStage(index: 13) }
  /// The feature was disposed: reported once, by the processing thread, when it stops
  /// delivering to observers.
  @inlinable public static var disposed: FeatureStage { FeatureStage(index: 14) }

  /// Every stage, in the order a feature's life goes through them.
  public static let allStages = (0..<UInt8(names.count)).map { FeatureStage(index: $0) }

  /// The stage's name.
  public var description: String { name }
}
