import Finita
import FinitaFixtures
import Testing

@Suite("Bootstrapper scenarios (11-16)", .timeLimit(.minutes(1)))
struct BootstrapperScenarioTests {
  @Test("11. no bootstrapper, or an empty one: no actions")
  func noBootstrapperNoActions() {
    let withDefault = makeFixture()
    #expect(withDefault.definition.log.calls.isEmpty)
    let empty = makeFixture { $0.boot = { .many([]) } }
    #expect(empty.definition.log.calls.isEmpty)
    #expect(empty.state == FixtureState())
  }

  @Test("12. the bootstrapper runs exactly once, whatever number of wishes follow")
  func bootstrapperRunsOnce() {
    let feature = makeFixture { $0.boot = { .just(.i1) } }
    for _ in 0..<5 { feature.accept(.u) }
    feature.start()
    #expect(feature.definition.log.bootstrapCount == 1)
    #expect(feature.definition.log.actions == [.i1, .u, .u, .u, .u, .u])
  }

  @Test("13. bootstrapper actions A1, A2, A1, A3 reach the actor in that order")
  func bootstrapperOrder() async {
    let synchronous = makeFixture { $0.boot = { .many(.add(1), .add(2), .add(1), .add(3)) } }
    #expect(synchronous.definition.log.actions == [.add(1), .add(2), .add(1), .add(3)])

    let asynchronous = makeFixture {
      $0.boot = {
        .run { send in
          for n in [1, 2, 1, 3] { send(.add(n)) }
        }
      }
    }
    _ = await asynchronous.waitForState { $0.counter == 107 }
    #expect(asynchronous.definition.log.actions == [.add(1), .add(2), .add(1), .add(3)])
  }

  @Test("14. bootstrapped state is what a later subscriber sees first; [bootstrap, +50] is 150")
  func bootstrappedStateSeenBySubscriber() {
    let feature = makeFixture { $0.boot = { .just(.setID("Bootstrapped")) } }
    let (states, subscription) = feature.recordStates()
    #expect(states.values == [FixtureState(id: "Bootstrapped")])
    _ = subscription

    let plusFifty = makeFixture { $0.boot = { .many(.setID("Bootstrapped"), .add(50)) } }
    #expect(plusFifty.state == FixtureState(id: "Bootstrapped", counter: 150))
  }

  @Test("15. starting is idempotent, and the actor is ready before the bootstrapper runs")
  func startIsIdempotent() {
    let feature = makeFixture(startsImmediately: false) { $0.boot = { .just(.i1) } }
    #expect(feature.definition.log.bootstrapCount == 0)
    feature.start()
    feature.start()
    #expect(feature.definition.log.bootstrapCount == 1)
    #expect(feature.definition.log.calls == [.init(action: .i1, state: FixtureState())])
    #expect(feature.state.counter == 102)
  }

  @Test("16. subscribe to news before starting: the bootstrapper's first news is received")
  func newsBeforeStart() {
    let feature = makeFixture(startsImmediately: false) {
      $0.boot = { .just(.setID("Bootstrapped")) }
      $0.news = { action, _, _ in action == .setID("Bootstrapped") ? .named("ready") : nil }
    }
    let (news, subscription) = feature.recordNews()
    feature.start()
    #expect(news.values == [.named("ready")])
    _ = subscription
  }

  @Test("wishes accepted before start are held and handled after the bootstrapper's actions")
  func wishesBeforeStartAreHeld() {
    let feature = makeFixture(startsImmediately: false) { $0.boot = { .just(.setID("boot")) } }
    feature.accept(.i1)
    #expect(feature.state == FixtureState())
    feature.start()
    #expect(feature.definition.log.actions == [.setID("boot"), .i1])
    #expect(feature.state == FixtureState(id: "boot", counter: 102))
  }

  @Test("an error thrown by the bootstrapper's work is reported, and the feature keeps working")
  func bootstrapperErrorIsReported() async {
    let errors = Recorder<String>()
    let feature = makeFixture(
      configuration: .init(name: "F", onUnhandledError: { errors.append($0.description) })
    ) {
      $0.boot = { .run { _ in throw FixtureError(value: 7) } }
    }
    await errors.waitFor(count: 1)
    #expect(errors.values.first?.contains("the bootstrapper") == true)
    #expect(errors.values.first?.contains("feature \"F\"") == true)
    feature.accept(.i1)
    #expect(feature.state.counter == 102)
  }
}
