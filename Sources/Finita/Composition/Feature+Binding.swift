extension Feature {
  /// Observes news with a `finish` callback that runs when the feature is disposed.
  func subscribeNews(
    receive: @escaping @Sendable (News) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    let core = self.core
    guard let id = core.addNewsObserver(receive: receive, finish: finish) else {
      finish()
      return Subscription {}
    }
    return Subscription { core.removeObserver(id) }
  }

  /// Observes states, current first, with a `finish` callback that runs when the feature is
  /// disposed.
  func subscribeStates(
    receive: @escaping @Sendable (State) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    let core = self.core
    let id = core.makeID()
    core.addStateObserverInTurn(.init(id: id, receive: receive, finish: finish))
    return Subscription { core.removeObserver(id) }
  }
}
