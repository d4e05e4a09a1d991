import Finita
import FinitaFixtures
import Testing

@Suite("Re-entrancy and PostProcessor scenarios (20-24)", .timeLimit(.minutes(1)))
struct ReentrancyScenarioTests {
  @Test("20. a news observer sends L2 and L3 on Loopback: the actor is called four times in order")
  func loopbackFromNewsObserver() {
    let feature = makeFixture {
      $0.news = { action, _, _ in action == .loopback(1) ? .loopback : nil }
    }
    let subscription = feature.observeNews { [feature] news in
      if news == .loopback {
        feature.accept(.loopback(2))
        feature.accept(.loopback(3))
      }
    }
    feature.accept(.loopback(0))
    feature.accept(.loopback(1))
    let lb = FixtureState.loopbacks
    #expect(
      feature.definition.log.calls == [
        .init(action: .loopback(0), state: FixtureState()),
        .init(action: .loopback(1), state: lb[0]),
        .init(action: .loopback(2), state: lb[1]),
        .init(action: .loopback(3), state: lb[2]),
      ])
    _ = subscription
  }

  @Test("21. a PostProcessor's action reaches the actor with the reduced state")
  func postProcessorAction() {
    let feature = makeFixture { $0.post = { action, _, _ in action == .p ? .i1 : nil } }
    feature.accept(.p)
    #expect(
      feature.definition.log.calls == [
        .init(action: .p, state: FixtureState()),
        .init(action: .i1, state: FixtureState(counter: 101)),
      ])
    #expect(feature.state.counter == 103)
  }

  @Test("22. news of a wish precedes news of its post-processed action")
  func newsOrderWithPostProcessor() {
    let feature = makeFixture {
      $0.news = { action, _, _ in action == .p ? .named("N1") : .named("N2") }
      $0.post = { action, _, _ in action == .p ? .i1 : nil }
    }
    let (news, subscription) = feature.recordNews()
    feature.accept(.p)
    #expect(news.values == [.named("N1"), .named("N2")])
    _ = subscription
  }

  @Test("23. a wish sent from an observer is processed right after the current one, not inside it")
  func wishFromObserverIsQueued() {
    let feature = makeFixture { $0.news = { _, _, _ in .constant } }
    let callsWhenSent = Locked<[Int]>([])
    let sentOnce = Locked(false)
    let stateSubscription = feature.observeState { [feature] state in
      guard state.counter == 102 else { return }
      let isFirst = sentOnce.modify { sent in
        defer { sent = true }
        return !sent
      }
      guard isFirst else { return }
      feature.accept(.i2)
      callsWhenSent.modify { $0.append(feature.definition.log.calls.count) }
    }
    let order = Locked<[String]>([])
    let newsSubscription = feature.observeNews { [feature] _ in
      order.modify { $0.append("news at \(feature.state.counter)") }
    }
    feature.accept(.i1)
    #expect(callsWhenSent.value == [1])
    #expect(feature.definition.log.actions == [.i1, .i2])
    #expect(order.value == ["news at 102", "news at 202"])
    _ = (stateSubscription, newsSubscription)
  }

  @Test("24. a subscriber that on 1 causes nil then 2 sees 1, nil, 2")
  func subscriberCausingTwoValues() {
    let feature = Feature(memo: Int?.none)
    let seen = Locked<[Int?]>([])
    let subscription = feature.observeState { [feature] value in
      seen.modify { $0.append(value) }
      if value == 1 {
        feature.accept(nil)
        feature.accept(2)
      }
    }
    feature.accept(1)
    #expect(seen.value == [nil, 1, nil, 2])
    _ = subscription
  }
}
