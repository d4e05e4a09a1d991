#if canImport(Combine) || Combine
  import Finita

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  /// A Combine subscriber that delivers every value to a `BindingSink`, usually a
  /// feature's wishes; see `Feature.wishSubscriber`.
  ///
  /// It requests values without limit. Cancel it to stop receiving values.
  public final class WishSubscriber<Wish: Sendable>: Subscriber, Cancellable, Sendable {
    /// The values received are wishes.
    public typealias Input = Wish
    /// Only publishers that never fail can send wishes.
    public typealias Failure = Never

    private let sink: BindingSink<Wish>
    private let upstream = LockedValue<(any UpstreamSubscription)?>(nil)

    /// Creates a subscriber that delivers to `sink`.
    ///
    /// - Parameter sink: Where received values go.
    public init(_ sink: BindingSink<Wish>) {
      self.sink = sink
    }

    #if canImport(Combine)
      /// Keeps the subscription and requests every value.
      ///
      /// - Parameter subscription: The upstream subscription.
      public func receive(subscription: any Combine.Subscription) {
        accept(subscription)
      }
    #else
      /// Keeps the subscription and requests every value.
      ///
      /// - Parameter subscription: The upstream subscription.
      public func receive(subscription: any OpenCombine.Subscription) {
        accept(subscription)
      }
    #endif

    private func accept(_ subscription: any UpstreamSubscription) {
      let accepted = upstream.withLock { current -> Bool in
        guard current == nil else { return false }
        current = subscription
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Delivers one value.
    ///
    /// - Parameter input: The wish.
    /// - Returns: `.none`: the demand is already unlimited.
    public func receive(_ input: Wish) -> Subscribers.Demand {
      sink(input)
      return .none
    }

    /// Forgets the upstream subscription.
    ///
    /// - Parameter completion: How the publisher ended.
    public func receive(completion: Subscribers.Completion<Never>) {
      upstream.withLock { $0 = nil }
    }

    /// Cancels the upstream subscription.
    public func cancel() {
      let subscription = upstream.withLock { current in
        defer { current = nil }
        return current
      }
      subscription?.cancel()
    }
  }

  extension Publisher where Failure == Never, Output: Sendable {
    /// Sends every value to `feature` as a wish, until the returned cancellable is cancelled or
    /// released.
    ///
    /// ```swift
    /// appState.$isLoggedIn
    ///   .map { $0 ? Session.Wish.didLogIn : .didLogOut }
    ///   .sendWishes(to: session)
    ///   .store(in: &cancellables)
    /// ```
    ///
    /// - Parameter feature: The feature to send wishes to; held weakly.
    /// - Returns: What ends the subscription.
    public func sendWishes<Definition: FeatureDefinition>(
      to feature: Feature<Definition>
    ) -> AnyCancellable where Definition.Wish == Output {
      let subscriber = feature.wishSubscriber
      subscribe(subscriber)
      return AnyCancellable(subscriber)
    }
  }
#endif  // canImport(Combine) || Combine
