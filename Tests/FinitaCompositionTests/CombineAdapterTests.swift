#if canImport(Combine) || Combine
  import Finita
  import FinitaCombine
  import FinitaFixtures
  import FinitaTesting
  import Testing

  #if canImport(Combine)
    import Combine

    private typealias CombineSubscription = Combine.Subscription
  #else
    import OpenCombine

    private typealias CombineSubscription = OpenCombine.Subscription
  #endif

  /// Whether the values each sending thread sent (`thread * 10_000 + n`) came in that thread's
  /// order.
  private func isOrderedPerThread(_ values: [Int]) -> Bool {
    var last: [Int: Int] = [:]
    for value in values where value > 0 {
      let thread = value / 10_000
      if let previous = last[thread], previous >= value { return false }
      last[thread] = value
    }
    return true
  }

  /// A subject that effects may capture.
  final class SharedSubject<Output, Failure: Error>: @unchecked Sendable {
    // Safe to send: Combine's and OpenCombine's subjects lock around every send and subscribe.
    let subject = PassthroughSubject<Output, Failure>()

    func send(_ value: Output) { subject.send(value) }
    func send(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }
  }

  /// The paginator of hh.ru's article, with its Actor written against Combine as it was there.
  struct Paginator: FeatureDefinition {
    struct State: Equatable, Sendable {
      var items: [String] = []
      var isLoading = false
      var error: String?
    }

    enum Wish: Sendable {
      case load(isNextPage: Bool)
      case refresh
    }

    enum Effect: Equatable, Sendable {
      case itemsLoadingDidStart(isNextPage: Bool)
      case itemsDidLoad([String])
      case itemsLoadingDidFail(String)
    }

    /// A publisher-returning service; the test decides when and what it answers.
    let fetch: @Sendable (Int) -> AnyPublisher<[String], PaginatorError>

    func act(_ state: State, _ action: Wish) -> Effects<Effect> {
      .publisher(process(state: state, wish: action))
    }

    /// The Actor, unchanged from a Combine code base.
    func process(state: State, wish: Wish) -> AnyPublisher<Effect, Never> {
      switch wish {
      case .load(let isNextPage):
        guard !state.isLoading, state.error == nil else { return .none }
        return fetch(isNextPage ? state.items.count : 0)
          .map(Effect.itemsDidLoad)
          .catch { Just(Effect.itemsLoadingDidFail($0.message)) }
          .prepend(.itemsLoadingDidStart(isNextPage: isNextPage))
          .eraseToAnyPublisher()
      case .refresh:
        return .none
      }
    }

    func reduce(_ state: inout State, _ effect: Effect) {
      switch effect {
      case .itemsLoadingDidStart:
        state.isLoading = true
      case .itemsDidLoad(let items):
        state.items += items
        state.isLoading = false
      case .itemsLoadingDidFail(let message):
        state.error = message
        state.isLoading = false
      }
    }
  }

  struct PaginatorError: Error {
    var message: String
  }

  /// Requests values one at a time, when the test says so.
  private final class SlowSubscriber: Subscriber, Sendable {
    typealias Input = Int
    typealias Failure = Never

    let received = Recorder<Int>()
    let completions = Recorder<String>()
    private let subscription = LockedValue<(any Cancellable)?>(nil)
    private let upstream = LockedValue<((Subscribers.Demand) -> Void)?>(nil)

    func receive(subscription: any CombineSubscription) {
      upstream.withLock { $0 = { subscription.request($0) } }
      self.subscription.withLock { $0 = subscription }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
      received.append(input)
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
      completions.append("finished")
    }

    func request(_ demand: Subscribers.Demand) {
      upstream.withLock { $0 }?(demand)
    }
  }

  @Suite("Combine adapters", .threadTestsTimeLimit)
  struct CombineAdapterTests {
    @Test("statePublisher: the current state first, then one per effect; finishes on dispose")
    func statePublisher() {
      let counter = Feature(memo: 1)
      var values: [Int] = []
      var isFinished = false
      let cancellable = counter.statePublisher.sink(
        receiveCompletion: { _ in isFinished = true },
        receiveValue: { values.append($0) }
      )
      counter.accept(2)
      counter.accept(2)
      counter.dispose()
      #expect(values == [1, 2, 2])
      #expect(isFinished)
      cancellable.cancel()
    }

    @Test("statePublisher respects demand and buffers the rest in order")
    func demand() {
      let counter = Feature(memo: 0)
      let subscriber = SlowSubscriber()
      counter.statePublisher.subscribe(subscriber)
      counter.accept(1)
      counter.accept(2)
      #expect(subscriber.received.values == [])
      subscriber.request(.max(2))
      #expect(subscriber.received.values == [0, 1])
      counter.accept(3)
      subscriber.request(.max(5))
      #expect(subscriber.received.values == [0, 1, 2, 3])
      counter.dispose()
      #expect(subscriber.completions.values == ["finished"])
    }

    @Test("cancelling a state subscription stops delivery and releases the observer")
    func cancelStopsDelivery() {
      let counter = Feature(memo: 0)
      var values: [Int] = []
      let cancellable = counter.statePublisher.sink { values.append($0) }
      counter.accept(1)
      cancellable.cancel()
      counter.accept(2)
      #expect(values == [0, 1])
    }

    @Test(
      "statePublisher subscribed and cancelled at once on two threads while four send wishes: in order, nothing left"
    )
    func subscribeAndCancelWhileBusy() async {
      let counter = Feature(memo: 0)
      await runOnThreads(6) { thread in
        if thread < 4 {
          for value in 1...2_000 { counter.accept(thread * 10_000 + value) }
          return
        }
        for _ in 0..<500 {
          let seen = Locked<[Int]>([])
          let cancellable = counter.statePublisher.sink { value in seen.modify { $0.append(value) }
          }
          cancellable.cancel()
          // A subscription made while another thread processes starts after the work in progress;
          // cancelled before that, it receives nothing. Whatever it received came in the order
          // each sending thread sent.
          #expect(isOrderedPerThread(seen.value))
        }
      }
      await counter.idle()
      #expect(counter.observerCounts == .init(state: 0, news: 0, cancelledBeforeAdding: 0))
    }

    @Test("newsPublisher delivers news published after subscription, not earlier ones")
    func newsPublisher() {
      let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
      worker.accept(.finish(0))
      var news: [Worker.News] = []
      let cancellable = worker.newsPublisher.sink { news.append($0) }
      worker.accept(.finish(1))
      worker.accept(.finish(2))
      #expect(news == [.done(1), .done(2)])
      cancellable.cancel()
    }

    @Test("a subject's values go to a feature as wishes through wishSubscriber and sendWishes")
    func wishSubscriber() {
      let loader = Feature(initialState: Loader.State(), definition: Loader())
      let subject = PassthroughSubject<Loader.Wish, Never>()
      let subscriber = loader.wishSubscriber
      subject.subscribe(subscriber)
      subject.send(.load(1))
      subscriber.cancel()
      subject.send(.load(2))

      let other = PassthroughSubject<Loader.Wish, Never>()
      let cancellable = other.sendWishes(to: loader)
      other.send(.load(3))
      cancellable.cancel()
      other.send(.load(4))

      #expect(loader.state.loaded == [1, 3])
    }

    @Test("a view state mapper as a publisher")
    func viewStatePublisher() {
      let counter = Feature(memo: 1)
      let mapper = UIStateMapper(counter) { $0 / 2 }
      var values: [Int] = []
      let cancellable = mapper.viewStatePublisher.sink { values.append($0) }
      for value in 2...5 { counter.accept(value) }
      #expect(values == [0, 1, 2])
      cancellable.cancel()
    }

    @Test("a Combine Actor: prepended effects are reduced before accept returns")
    func synchronousPartOfPublisher() {
      let answer = SharedSubject<[String], PaginatorError>()
      let paginator = Feature(
        initialState: Paginator.State(),
        definition: Paginator(fetch: { _ in answer.subject.eraseToAnyPublisher() })
      )
      paginator.accept(.load(isNextPage: false))
      #expect(paginator.state.isLoading)
      #expect(paginator.inFlightEffectCount == 1)
      paginator.dispose()
    }

    @Test("a Combine Actor: later values are reduced when they arrive, then the task ends")
    func asynchronousPartOfPublisher() async {
      let answer = SharedSubject<[String], PaginatorError>()
      let paginator = Feature(
        initialState: Paginator.State(),
        definition: Paginator(fetch: { _ in answer.subject.eraseToAnyPublisher() })
      )
      let states = Recorder<Paginator.State>()
      let subscription = paginator.observeState { states.append($0) }
      paginator.accept(.load(isNextPage: false))
      paginator.accept(.load(isNextPage: true))  // ignored by the Actor: already loading

      // The publisher was subscribed when the Actor returned: the subject has its subscriber.
      answer.send(["a", "b"])
      answer.send(completion: .finished)
      await paginator.idle()

      #expect(
        states.values == [
          Paginator.State(),
          Paginator.State(isLoading: true),
          Paginator.State(items: ["a", "b"]),
        ]
      )
      subscription.cancel()
    }

    @Test("a Combine Actor: a publisher that completes at once is reduced entirely at once")
    func fullySynchronousPublisher() {
      let paginator = Feature(
        initialState: Paginator.State(),
        definition: Paginator(fetch: { _ in
          Just(["x"]).setFailureType(to: PaginatorError.self).eraseToAnyPublisher()
        })
      )
      paginator.accept(.load(isNextPage: false))
      #expect(paginator.state == Paginator.State(items: ["x"]))
      #expect(paginator.inFlightEffectCount == 0)
    }

    @Test("a Combine Actor: an error turned into an effect by the publisher itself")
    func failureMappedInPublisher() {
      let paginator = Feature(
        initialState: Paginator.State(),
        definition: Paginator(fetch: { _ in
          Fail(error: PaginatorError(message: "offline")).eraseToAnyPublisher()
        })
      )
      paginator.accept(.load(isNextPage: false))
      #expect(paginator.state == Paginator.State(error: "offline"))
    }

    @Test("a failing publisher is reported like a throwing effect")
    func failingPublisherIsReported() async {
      let errors = Recorder<String>()
      let feature = Feature(
        initialState: 0,
        configuration: .init(onUnhandledError: { errors.append("\($0.underlying)") }),
        actor: { (_: Int, wish: Int) -> Effects<Int> in
          .publisher(
            Just(wish).setFailureType(to: PaginatorError.self)
              .append(Fail(error: PaginatorError(message: "broken")))
          )
        },
        reducer: { (state: inout Int, effect: Int) in state += effect }
      )
      feature.accept(5)
      await errors.wait(forCount: 1)
      #expect(feature.state == 5)
      #expect(errors.values.first?.contains("broken") == true)
    }

    @Test("cancelling the effect by its id cancels the publisher")
    func cancellationReachesPublisher() async {
      let cancelled = Recorder<Bool>()
      let subject = SharedSubject<Int, Never>()
      let feature = Feature(
        initialState: 0,
        actor: { (_: Int, wish: Int) -> Effects<Int> in
          if wish < 0 { return .cancel(id: "stream") }
          return .publisher(subject.subject.handleEvents(receiveCancel: { cancelled.append(true) }))
            .cancellable(id: "stream")
        },
        reducer: { (state: inout Int, effect: Int) in state += effect }
      )
      feature.accept(0)
      subject.send(2)
      await feature.waitForState { $0 == 2 }
      feature.accept(-1)
      await cancelled.wait(forCount: 1)
      await feature.idle()
      subject.send(3)
      #expect(feature.state == 2)
      #expect(feature.inFlightEffectCount == 0)
    }

    @Test("AnyPublisher.none completes without a value")
    func nonePublisher() {
      var values: [Int] = []
      var isFinished = false
      let cancellable = AnyPublisher<Int, Never>.none.sink(
        receiveCompletion: { _ in isFinished = true },
        receiveValue: { values.append($0) }
      )
      #expect(values.isEmpty)
      #expect(isFinished)
      cancellable.cancel()
    }
  }

  extension Feature {
    /// Returns once the state satisfies `condition`.
    func waitForState(_ condition: @escaping @Sendable (State) -> Bool) async {
      let recorder = Recorder<Bool>()
      let subscription = observeState { state in
        if condition(state) { recorder.append(true) }
      }
      await recorder.wait(forCount: 1)
      subscription.cancel()
    }
  }
#endif  // canImport(Combine) || Combine
