extension Feature {
  /// The current state. Safe to read from any thread; it is never written from outside.
  ///
  /// Read on the processing thread (inside an observer), it is the state produced by the effect
  /// being published.
  @inlinable
  public var state: State {
    core.shared.withLock { $0.published }
  }

  /// Every state from now on, starting with the current one.
  ///
  /// Each effect produces a state, even when it leaves the state unchanged; drop duplicates where
  /// you need to. The sequence finishes when the feature is disposed. States are buffered without
  /// limit; use ``states(bufferingPolicy:)`` to choose.
  public var states: AsyncStream<State> {
    states(bufferingPolicy: .unbounded)
  }

  /// Every state from now on, starting with the current one, buffered as `bufferingPolicy` says.
  ///
  /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the feature.
  /// - Returns: A sequence that finishes when the feature is disposed.
  public func states(
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self,
      bufferingPolicy: bufferingPolicy
    )
    let core = self.core
    let id = core.makeID()
    continuation.onTermination = { _ in core.removeObserver(id) }
    let observer = FeatureCore<Definition>.Observer<State>(
      id: id,
      receive: { state in continuation.yield(state) },
      finish: { continuation.finish() }
    )
    core.addStateObserverInTurn(observer)
    return stream
  }

  /// Every news published from now on; news published earlier is not replayed.
  ///
  /// The sequence finishes when the feature is disposed. To receive the news of the
  /// Bootstrapper's first actions, create the feature with `startsImmediately: false`, subscribe,
  /// then call ``start()``.
  public var news: AsyncStream<News> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: News.self,
      bufferingPolicy: .unbounded
    )
    let core = self.core
    let id = core.addNewsObserver(
      receive: { news in continuation.yield(news) },
      finish: { continuation.finish() }
    )
    if let id {
      continuation.onTermination = { _ in core.removeObserver(id) }
    } else {
      continuation.finish()
    }
    return stream
  }

  /// Calls `observer` with the current state, then with every new state, until the returned
  /// subscription is cancelled or released.
  ///
  /// The observer runs on the processing thread, one call at a time. It may read ``state`` and
  /// send wishes; those are queued and handled after the current one.
  ///
  /// - Parameter observer: Receives each state.
  /// - Returns: A subscription; keep it for as long as you want states.
  @inlinable
  public func observeState(_ observer: @escaping @Sendable (State) -> Void) -> Subscription {
    let core = self.core
    let id = core.makeID()
    core.addStateObserverInTurn(.init(id: id, receive: observer, finish: nil))
    return Subscription { core.removeObserver(id) }
  }

  /// Calls `observer` with every news published from now on, until the returned subscription is
  /// cancelled or released.
  ///
  /// - Parameter observer: Receives each news, on the processing thread.
  /// - Returns: A subscription; keep it for as long as you want news.
  @inlinable
  public func observeNews(_ observer: @escaping @Sendable (News) -> Void) -> Subscription {
    let core = self.core
    guard let id = core.addNewsObserver(receive: observer, finish: nil) else {
      return Subscription {}
    }
    return Subscription { core.removeObserver(id) }
  }
}

/// How many observers a feature has, as ``Feature/observerCounts`` reports it.
package struct ObserverCounts: Equatable, Sendable {
  /// State observers.
  package var state: Int
  /// News observers.
  package var news: Int
  /// Cancelled state subscriptions whose request to add the observer is still queued.
  package var cancelledBeforeAdding: Int

  /// Creates the counts.
  package init(state: Int, news: Int, cancelledBeforeAdding: Int) {
    self.state = state
    self.news = news
    self.cancelledBeforeAdding = cancelledBeforeAdding
  }
}

extension Feature {
  /// The number of observers, read while the feature is idle: for tests of the observer rules.
  ///
  /// `nil` while another call is processing or a disposed feature's observers are not finished.
  package var observerCounts: ObserverCounts? {
    core.observerCounts()
  }
}
