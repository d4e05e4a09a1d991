#if canImport(Combine) || Combine
  import Finita

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  extension Effects {
    /// The values of a Combine publisher, as effects: how an Actor written with publishers (as
    /// in hh.ru's MVI library, whose Actors return `AnyPublisher<Effect, Never>`) runs on Finita.
    ///
    /// The publisher is subscribed when the Actor returns. Values it emits synchronously (`Just`,
    /// `prepend`, `Publishers.Sequence`) are reduced in the same call, before `Feature.accept(_:)`
    /// returns, exactly as `just(_:)` and `many(_:)` are; later values arrive
    /// through a task owned by the feature, so `cancellable(id:cancelInFlight:)`, `cancel(id:)`
    /// and disposal cancel the publisher. A failure is handled like an error thrown by
    /// `run(priority:name:operation:catch:)`.
    ///
    /// ```swift
    /// // An Actor from a Combine-based code base, unchanged:
    /// func process(state: State, wish: Wish) -> AnyPublisher<Effect, Never> {
    ///   switch wish {
    ///   case .load:
    ///     return api.items()
    ///       .map(Effect.itemsDidLoad)
    ///       .replaceError(with: .itemsLoadingDidFail)
    ///       .prepend(.itemsLoadingDidStart)
    ///       .eraseToAnyPublisher()
    ///   }
    /// }
    ///
    /// // The feature definition calls it:
    /// func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    ///   .publisher(process(state: state, wish: action))
    /// }
    /// ```
    ///
    /// - Parameter publisher: Emits the effects.
    /// - Returns: Effects that follow the publisher until it completes.
    public static func publisher<Upstream: Publisher>(
      _ publisher: Upstream
    ) -> Self where Upstream.Output == Effect {
      let relay = PublisherRelay<Effect>()
      relay.subscribe(to: publisher)
      let (values, ending) = relay.takeSynchronousPart()
      switch ending {
      case .finished:
        return .many(values)
      case .failed(let error):
        return .concatenate(.many(values), .run { _ in throw error })
      case nil:
        return .concatenate(.many(values), .run { send in try await relay.forward(to: send) })
      }
    }
  }

  extension AnyPublisher where Failure == Never {
    /// A publisher that completes at once without a value: "no effect", as Actors written for
    /// Combine-based MVI libraries return it.
    public static var none: Self {
      Empty().eraseToAnyPublisher()
    }
  }
#endif  // canImport(Combine) || Combine
