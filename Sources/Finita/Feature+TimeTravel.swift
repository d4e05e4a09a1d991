extension Feature {
  /// Shows `state` to the feature's observers, as if time went back to it: the hook that time
  /// travel (a debugger, an inspector, a recording's player) is built on.
  ///
  /// ```swift
  /// feature.travel(to: recording.states[3])   // observers see step 3
  /// feature.travel(to: recording.states[4])   // ... then step 4
  /// feature.returnToLive()                    // the live state again, then the held wishes
  /// ```
  ///
  /// While travelling:
  /// - ``state`` and every state observer show the travelled-to state;
  /// - wishes, and effects that asynchronous work delivers, are held in order, not lost; they
  ///   are handled when travel ends, against the state it ends on;
  /// - asynchronous work goes on running; only what it delivers waits.
  ///
  /// The first call keeps the live state aside. Steps are queued like wishes, so a step asked
  /// for while the feature is processing shows after the work in progress.
  ///
  /// - Parameter state: The state to show.
  public func travel(to state: State) {
    // The slow path, always: it marks the feature as travelling under the lock.
    core.submitSlowly(.travel(.init(.show(state))))
  }

  /// Stops travelling: shows the live state again, then handles what was held meanwhile.
  /// Does nothing when the feature is not travelling.
  public func returnToLive() {
    core.submitSlowly(.travel(.init(.end(continuingFromShownState: false))))
  }

  /// Stops travelling and keeps the state shown last as the live state, starting a new branch
  /// of history from it; then handles what was held meanwhile. Does nothing when the feature is
  /// not travelling.
  public func continueFromTravelledState() {
    core.submitSlowly(.travel(.init(.end(continuingFromShownState: true))))
  }

  /// Whether the feature shows a past state (``travel(to:)`` was called and travel has not
  /// ended).
  public var isTravelling: Bool {
    core.shared.withLock { $0.machine.isTravelling }
  }
}
