import Finita
import FinitaFixtures
import Testing

@Suite("Shorthand features and subscriptions", .timeLimit(.minutes(1)))
struct ShorthandTests {
  @Test("a reducer-only feature reduces each wish")
  func reducerOnly() {
    let counter = Feature(initialState: 0) { (count: inout Int, wish: Int) in count += wish }
    counter.accept(2)
    counter.accept(3)
    #expect(counter.state == 5)
  }

  @Test("a definition whose Effect is its Action gets a pass-through actor")
  func protocolReducerOnly() {
    struct Toggle: FeatureDefinition {
      enum Wish: Sendable { case flip }
      typealias Action = Wish
      typealias Effect = Wish
      func reduce(_ state: inout Bool, _ effect: Wish) { state.toggle() }
    }
    let toggle = Feature(initialState: false, definition: Toggle())
    toggle.accept(.flip)
    #expect(toggle.state)
  }

  @Test("a ReducerOnlyDefinition needs only its Wish and reduce")
  func reducerOnlyProtocol() {
    struct Toggle: ReducerOnlyDefinition {
      enum Wish: Sendable { case flip }
      func reduce(_ state: inout Bool, _ effect: Wish) { state.toggle() }
    }
    let toggle = Feature(initialState: false, definition: Toggle())
    toggle.accept(.flip)
    toggle.accept(.flip)
    toggle.accept(.flip)
    #expect(toggle.state)
  }

  @Test("shorthand definitions take an interceptor compiled in, and its feature its news")
  func shorthandsIntercepted() {
    /// Counts the wishes it sees.
    final class WishCount: FeatureInterceptor {
      let count = Locked(0)
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        if event.stage == .wish { count.modify { $0 += 1 } }
      }
    }
    struct Toggle: ReducerOnlyDefinition {
      enum Wish: Sendable { case flip }
      func reduce(_ state: inout Bool, _ effect: Wish) { state.toggle() }
    }
    let toggles = WishCount()
    let toggle = Feature(initialState: false, definition: Toggle().intercepted(by: toggles))
    toggle.accept(.flip)
    #expect(toggle.state && toggles.count.value == 1)

    let sums = WishCount()
    let definition = ActorReducerDefinition<Int, Int, Int, String>(
      actor: { _, wish in .just(wish) },
      reducer: { state, effect in state += effect },
      newsPublisher: { _, _, state in state > 10 ? "over ten" : nil }
    )
    let sum = Feature(initialState: 0, definition: definition.intercepted(by: sums))
    let (news, subscription) = sum.recordNews()
    sum.accept(5)
    sum.accept(6)
    #expect(news.values == ["over ten"])
    #expect(sums.count.value == 2)
    _ = subscription
  }

  @Test("an actor+reducer feature built from closures")
  func actorReducer() {
    let feature = Feature(
      initialState: [String](),
      actor: { state, wish in state.contains(wish) ? .none : .just(wish) },
      reducer: { (state: inout [String], effect: String) in state.append(effect) }
    )
    for name in ["a", "b", "a"] { feature.accept(name) }
    #expect(feature.state == ["a", "b"])
  }

  @Test("an actor+reducer definition with a NewsPublisher")
  func actorReducerWithNews() {
    let definition = ActorReducerDefinition<Int, Int, Int, String>(
      actor: { _, wish in .just(wish) },
      reducer: { state, effect in state += effect },
      newsPublisher: { _, _, state in state > 10 ? "over ten" : nil }
    )
    let feature = Feature(initialState: 0, definition: definition)
    let (news, subscription) = feature.recordNews()
    feature.accept(5)
    feature.accept(6)
    #expect(news.values == ["over ten"])
    _ = subscription
  }

  @Test("a memo feature keeps the last value sent")
  func memo() {
    let memo = Feature(memo: "home")
    memo.accept("profile")
    #expect(memo.state == "profile")
  }

  @Test("a cancelled or released subscription receives nothing more")
  func subscriptionCancellation() {
    let feature = Feature(memo: 0)
    let seen = Locked<[Int]>([])
    let subscription = feature.observeState { value in seen.modify { $0.append(value) } }
    feature.accept(1)
    subscription.cancel()
    subscription.cancel()
    feature.accept(2)
    #expect(seen.value == [0, 1])

    let released = Locked<[Int]>([])
    var token: Subscription? = feature.observeState { value in
      released.modify { $0.append(value) }
    }
    feature.accept(3)
    token = nil
    feature.accept(4)
    #expect(released.value == [2, 3])
    #expect(token == nil)
  }

  @Test("subscriptions can be stored in collections")
  func storingSubscriptions() {
    let feature = Feature(memo: 0)
    var bag: [Subscription] = []
    var set: Set<Subscription> = []
    let count = Locked(0)
    feature.observeState { _ in count.modify { $0 += 1 } }.store(in: &bag)
    feature.observeNews { _ in }.store(in: &set)
    feature.accept(1)
    #expect(count.value == 2)
    bag.removeAll()
    feature.accept(2)
    #expect(count.value == 2)
    #expect(set.count == 1)
  }

  @Test("an abandoned states stream is forgotten by the feature")
  func abandonedStreamIsForgotten() async {
    let feature = Feature(memo: 0)
    do {
      var iterator = feature.states.makeAsyncIterator()
      #expect(await iterator.next() == 0)
    }
    for value in 1...3 { feature.accept(value) }
    #expect(feature.state == 3)
  }
}
