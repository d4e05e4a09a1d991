#if canImport(Combine) || Combine
  import Finita
  import FinitaRedux

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  extension Store {
    /// The store's states as a publisher: the current state on subscription, then one per
    /// action reduced; it finishes when the store is disposed.
    ///
    /// Values are delivered on the thread that processes the store; add `removeDuplicates()`
    /// where you need to, as for a feature's `statePublisher`.
    ///
    /// ```swift
    /// store.statePublisher
    ///   .map(\.result)
    ///   .removeDuplicates()
    ///   .sink { resultLabel.text = "\($0)" }
    ///   .store(in: &cancellables)
    /// ```
    public var statePublisher: AnyPublisher<State, Never> {
      BindingSource.states(of: self).publisher
    }

    /// A subscriber that dispatches every value it receives to the store as an action.
    ///
    /// The subscriber holds the store weakly and requests values without limit.
    public var actionSubscriber: WishSubscriber<Action> {
      WishSubscriber(.actions(of: self))
    }
  }

  extension Publisher where Failure == Never, Output: Sendable {
    /// Dispatches every value to `store` as an action, until the returned cancellable is
    /// cancelled or released.
    ///
    /// ```swift
    /// NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
    ///   .map { _ in AppAction.didBecomeActive }
    ///   .dispatch(to: store)
    ///   .store(in: &cancellables)
    /// ```
    ///
    /// - Parameter store: The store to dispatch to; held weakly.
    /// - Returns: What ends the subscription.
    public func dispatch<State: Sendable>(to store: Store<State, Output>) -> AnyCancellable {
      let subscriber = store.actionSubscriber
      subscribe(subscriber)
      return AnyCancellable(subscriber)
    }
  }
#endif  // canImport(Combine) || Combine
