extension FeatureCore {
  /// What only the token holder reads or writes: the working state and the observer lists.
  ///
  /// The token changes hands with acquire/release ordering, which orders every access; so the
  /// Actor reads the latest state and the Reducer mutates it without a lock. Readers on other
  /// threads see the copies in ``FeatureCore/published``.
  @usableFromInline
  struct TokenHolderState {
    @usableFromInline var state: State
    /// Held with a manual retain so observers are called without retaining anything; `nil`
    /// when there are none.
    @usableFromInline var stateObservers: Unmanaged<ObserverList<State>>?
    @usableFromInline var newsObservers: Unmanaged<ObserverList<News>>?
    /// The writer's slot of ``FeatureCore/published``.
    @usableFromInline var back = PublishedValue<State>.initialBack
    /// Set once the observers have been finished after disposal.
    @usableFromInline var isFinished = false
    /// The live state, kept while the feature shows a past one.
    @usableFromInline var liveState: State?
    /// The first of the PostProcessor's actions kept here instead of in the shared queue
    /// while nothing else is queued or going on: each was produced before anything queued
    /// since, so they run first (see ``FeatureCore/keepPostProcessed(_:)``). Most often there is
    /// one at a time, which this holds without touching an array.
    @usableFromInline var firstPostProcessed: Action?
    /// The kept actions after the first, in order.
    @usableFromInline var morePostProcessed = RingBuffer<Action>()

    @usableFromInline
    init(state: State) {
      self.state = state
    }

    /// Keeps `action` after the kept ones.
    @inlinable
    mutating func keep(_ action: Action) {
      if firstPostProcessed == nil {
        firstPostProcessed = action
      } else {
        morePostProcessed.append(action)
      }
    }

    /// The first kept action, taken out.
    @inlinable
    mutating func takeFirstKept() -> Action? {
      guard let first = firstPostProcessed else { return nil }
      firstPostProcessed = morePostProcessed.isEmpty ? nil : morePostProcessed.popFirst()
      return first
    }
  }
}
