#if canImport(Combine) || Combine
  import Finita

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  extension BindingSource {
    /// The source as a publisher: each subscriber subscribes to the source afresh, values wait
    /// for the subscriber's demand, and the publisher finishes when the source does.
    ///
    /// - Returns: A publisher that never fails.
    public var publisher: AnyPublisher<Output, Never> {
      SourcePublisher(source: self).eraseToAnyPublisher()
    }
  }

  extension Feature {
    /// The feature's states as a publisher: the current state on subscription, then one per
    /// effect; it finishes when the feature is disposed.
    ///
    /// Values are delivered on the thread that processes the feature; use `receive(on:)` to move
    /// them. Every effect produces a state; add `removeDuplicates()` where you need to.
    ///
    /// ```swift
    /// feature.statePublisher
    ///   .map(\.title)
    ///   .removeDuplicates()
    ///   .sink { titleLabel.text = $0 }
    ///   .store(in: &cancellables)
    /// ```
    public var statePublisher: AnyPublisher<State, Never> {
      BindingSource.states(of: self).publisher
    }

    /// The feature's news as a publisher: every news published after subscription, not
    /// replayed; it finishes when the feature is disposed.
    public var newsPublisher: AnyPublisher<News, Never> {
      BindingSource.news(of: self).publisher
    }

    /// A subscriber that sends every value it receives to the feature as a wish.
    ///
    /// ```swift
    /// searchField.textPublisher
    ///   .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    ///   .map(Search.Wish.query)
    ///   .subscribe(search.wishSubscriber)
    /// ```
    ///
    /// The subscriber holds the feature weakly and requests values without limit.
    public var wishSubscriber: WishSubscriber<Wish> {
      WishSubscriber(.wishes(of: self))
    }
  }

  extension UIStateMapper {
    /// The view states as a publisher: the current one on subscription, then each different one.
    public var viewStatePublisher: AnyPublisher<ViewState, Never> {
      BindingSource.states(of: self).publisher
    }
  }
#endif  // canImport(Combine) || Combine
