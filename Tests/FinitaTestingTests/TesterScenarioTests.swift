import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// Core scenarios rewritten with the tester: each step states exactly how the state changes.
@Suite("Scenarios with FeatureTester", .timeLimit(.minutes(1)))
struct TesterScenarioTests {
  private func makeTester(
    startsImmediately: Bool = true,
    _ customize: @escaping (inout Fixture) -> Void = { _ in }
  ) -> FeatureTester<Fixture> {
    FeatureTester(initialState: FixtureState(), startsImmediately: startsImmediately) { clock in
      var fixture = Fixture(clock: clock)
      customize(&fixture)
      return fixture
    }
  }

  @Test("4. I1 x3 ends at 106")
  func threeIncrements() async {
    let tester = makeTester()
    await tester.send(.i1) { $0.counter = 102 }
    await tester.send(.i1) { $0.counter = 104 }
    await tester.send(.i1) { $0.counter = 106 }
    await tester.finish()
  }

  @Test("7 and 8. A(10 ms): loading at once, +5 and loading false when 10 ms have passed")
  func asyncEffect() async {
    let tester = makeTester()
    await tester.send(.async(.milliseconds(10))) { $0.loading = true }
    await tester.advance(by: .milliseconds(9))
    #expect(tester.state == FixtureState(counter: 100, loading: true))
    await tester.advance(by: .milliseconds(1))
    await tester.receive(.finishedAsync(5)) {
      $0.counter = 105
      $0.loading = false
    }
    await tester.finish()
  }

  @Test("a definition with an interceptor compiled in: tested the same, and its work is seen")
  func compiledInterceptor() async {
    /// Keeps the stages of work.
    struct WorkStages: FeatureInterceptor {
      let stages: Locked<[FeatureStage]>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        if event.work != nil { stages.modify { $0.append(event.stage) } }
      }
    }
    let stages = Locked<[FeatureStage]>([])
    let tester = FeatureTester(initialState: FixtureState()) { clock in
      Fixture(clock: clock).intercepted(by: WorkStages(stages: stages))
    }
    await tester.send(.async(.milliseconds(10))) { $0.loading = true }
    #expect(stages.value == [.workStarted])
    await tester.advance(by: .milliseconds(10))
    await tester.receive(.finishedAsync(5)) {
      $0.counter = 105
      $0.loading = false
    }
    await tester.finish()
    #expect(stages.value == [.workStarted, .workFinished])
  }

  @Test("9. A(1 s) then I2: the late effect is reduced against the state current when it arrives")
  func lateEffect() async {
    let tester = makeTester()
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await tester.send(.i2) { $0.counter = 200 }
    await tester.advance(by: .milliseconds(1001))
    await tester.receive(.finishedAsync(5)) {
      $0.counter = 205
      $0.loading = false
    }
    await tester.finish()
  }

  @Test("16. subscribe before start: the bootstrapper's first news is received")
  func newsBeforeStart() async {
    let tester = makeTester(startsImmediately: false) {
      $0.boot = { .just(.setID("Bootstrapped")) }
      $0.news = { action, _, _ in action == .setID("Bootstrapped") ? .named("ready") : nil }
    }
    await tester.start { $0.id = "Bootstrapped" }
    tester.expectNews(.named("ready"))
    await tester.finish()
  }

  @Test("20. wishes sent by a news observer are part of the step, in order")
  func loopback() async {
    let tester = makeTester {
      $0.news = { action, _, _ in action == .loopback(1) ? .loopback : nil }
    }
    let subscription = tester.feature.observeNews { [feature = tester.feature] news in
      if news == .loopback {
        feature.accept(.loopback(2))
        feature.accept(.loopback(3))
      }
    }
    await tester.send(.loopback(0)) { $0 = FixtureState.loopbacks[0] }
    await tester.send(.loopback(1)) { $0 = FixtureState.loopbacks[3] }
    tester.expectNews(.loopback)
    #expect(tester.feature.definition.log.actions == [0, 1, 2, 3].map(FixtureWish.loopback))
    await tester.finish()
    _ = subscription
  }

  @Test("21. the PostProcessor's action is handled within the same step")
  func postProcessor() async {
    let tester = makeTester { $0.post = { action, _, _ in action == .p ? .i1 : nil } }
    await tester.send(.p) { $0.counter = 103 }
    await tester.finish()
  }

  @Test("22. news of a wish precedes news of its post-processed action")
  func newsOrder() async {
    let tester = makeTester {
      $0.news = { action, _, _ in action == .p ? .named("N1") : .named("N2") }
      $0.post = { action, _, _ in action == .p ? .i1 : nil }
    }
    await tester.send(.p) { $0.counter = 103 }
    tester.expectNews(.named("N1"), .named("N2"))
    await tester.finish()
  }

  @Test("27. dispose while an async effect runs: nothing more is received")
  func disposeDuringAsyncEffect() async {
    let tester = makeTester()
    await tester.send(.async(.milliseconds(10))) { $0.loading = true }
    tester.feature.dispose()
    await tester.advance(by: .seconds(1))
    #expect(tester.state == FixtureState(counter: 100, loading: true))
    await tester.finish()
  }

  @Test("non-exhaustive mode checks only what the test asserts")
  func nonExhaustive() async {
    let tester = makeTester { $0.news = { _, _, _ in .constant } }
    tester.exhaustivity = .off
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await tester.send(.i1)
    await tester.send(.i2) { $0.counter = 202 }
    await tester.advance(by: .seconds(1))
    await tester.receive(.finishedAsync(5)) { $0.loading = false }
    await tester.finish()
  }
}
