import Finita

extension Store {
  /// Shows `state` to the store's subscribers, as if time went back to it: the hook that a
  /// time-travel controller or an inspector is built on.
  ///
  /// ```swift
  /// store.travel(to: earlierState)   // subscribers and `state` show it
  /// store.dispatch(.increment)       // held, not lost
  /// store.returnToLive()             // the live state again, then the held action
  /// ```
  ///
  /// While travelling, ``state`` and every subscriber show the travelled-to state, and
  /// dispatched actions, thunks' dispatches and undo/redo are held in order; they are handled
  /// when travel ends, against the state it ends on. The undo history is the live one and is
  /// not changed by travelling.
  ///
  /// - Parameter state: The state to show.
  public func travel(to state: State) {
    var shown = feature.state
    shown.present = state
    feature.travel(to: shown)
  }

  /// Stops travelling: shows the live state again, then handles what was held meanwhile. Does
  /// nothing when the store is not travelling.
  public func returnToLive() {
    feature.returnToLive()
  }

  /// Stops travelling and keeps the state shown last as the live state, a new branch of
  /// history; then handles what was held meanwhile. Does nothing when the store is not
  /// travelling.
  public func continueFromTravelledState() {
    feature.continueFromTravelledState()
  }

  /// Whether the store shows a past state (``travel(to:)`` was called and travel has not
  /// ended).
  public var isTravelling: Bool {
    feature.isTravelling
  }

  /// Whether `feature` is the feature behind a store of this type: how a recorder's steps are
  /// matched to a store.
  ///
  /// - Parameter feature: A feature an interceptor saw.
  /// - Returns: `true` when it runs a store with this state and action type.
  package static func isBacked(by feature: FeatureInfo) -> Bool {
    feature.definitionType == StoreDefinition<State, Action>.self
  }
}
