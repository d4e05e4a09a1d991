#if canImport(Combine) || Combine
  import Finita

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  /// A publisher over a `BindingSource`: each subscriber gets its own subscription to the
  /// source.
  struct SourcePublisher<Output: Sendable>: Publisher {
    typealias Failure = Never

    let source: BindingSource<Output>

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Never {
      let subscription = SourceSubscription(AnySubscriber(subscriber))
      subscriber.receive(subscription: subscription)
      subscription.start(source)
    }
  }

  /// Buffers a source's values until the subscriber asks for them, and calls the subscriber one
  /// call at a time, outside the lock, as Combine requires.
  ///
  /// The subscriber is type-erased so that the source's callbacks depend only on the output type.
  final class SourceSubscription<Output: Sendable>: UpstreamSubscription, Sendable {
    private typealias Downstream = AnySubscriber<Output, Never>

    private enum Event {
      case value(Output)
      case finished
    }

    private struct State {
      var downstream: Downstream?
      var demand = Subscribers.Demand.none
      var events: [Event] = []
      var isDelivering = false
      var upstream: Finita.Subscription?
    }

    private let box: LockedValue<State>

    init(_ downstream: AnySubscriber<Output, Never>) {
      box = LockedValue(State(downstream: downstream))
    }

    func start(_ source: BindingSource<Output>) {
      let upstream = source.subscribe(
        receive: { [weak self] value in self?.receiveFromSource(value) },
        finish: { [weak self] in self?.finishFromSource() }
      )
      let isCancelled = box.withLock { state -> Bool in
        guard state.downstream != nil else { return true }
        state.upstream = upstream
        return false
      }
      if isCancelled { upstream.cancel() }
    }

    func request(_ demand: Subscribers.Demand) {
      box.withLock { $0.demand += demand }
      pump()
    }

    func cancel() {
      let upstream = box.withLock { state -> Finita.Subscription? in
        state.downstream = nil
        state.events = []
        defer { state.upstream = nil }
        return state.upstream
      }
      upstream?.cancel()
    }

    private func receiveFromSource(_ value: Output) {
      enqueue(.value(value))
    }

    private func finishFromSource() {
      enqueue(.finished)
    }

    private func enqueue(_ event: Event) {
      box.withLock { $0.events.append(event) }
      pump()
    }

    private func pump() {
      while let (downstream, event) = box.withLock({ state -> (Downstream, Event)? in
        guard !state.isDelivering, let downstream = state.downstream, let event = state.events.first
        else { return nil }
        if case .value = event {
          guard state.demand > 0 else { return nil }
          state.demand -= 1
        }
        state.events.removeFirst()
        state.isDelivering = true
        return (downstream, event)
      }) {
        switch event {
        case .value(let value):
          let more = downstream.receive(value)
          box.withLock { state in
            state.demand += more
            state.isDelivering = false
          }
        case .finished:
          let upstream = box.withLock { state -> Finita.Subscription? in
            state.downstream = nil
            state.events = []
            state.isDelivering = false
            defer { state.upstream = nil }
            return state.upstream
          }
          upstream?.cancel()
          downstream.receive(completion: .finished)
        }
      }
    }
  }
#endif  // canImport(Combine) || Combine
