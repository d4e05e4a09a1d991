extension Feature {
  /// Observes news with a `finish` callback that runs when the feature is disposed.
  func subscribeNews(
    receive: @escaping @Sendable (News) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    let id = addNewsObserver(
      deliver: { news in
        receive(news)
        return true
      },
      finish: finish
    )
    guard let id else {
      finish()
      return Subscription {}
    }
    return Subscription { [weak self] in self?.removeNewsObserver(id) }
  }

  /// Observes states, current first, with a `finish` callback that runs when the feature is
  /// disposed.
  func subscribeStates(
    receive: @escaping @Sendable (State) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    let id = box.withLock { $0.makeID() }
    let observer = Observer<State>(
      id: id,
      deliver: { state in
        receive(state)
        return true
      },
      finish: finish
    )
    submit(.subscribe(observer))
    return Subscription { [weak self] in self?.removeStateObserver(id) }
  }
}
