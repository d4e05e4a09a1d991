import Finita
import FinitaFixtures
import FinitaTesting
import Testing

@Suite("Core scenarios (1-10)", .timeLimit(.minutes(1)))
struct CoreScenarioTests {
  @Test("1. a new subscriber to states receives exactly one state, the initial one")
  func newSubscriberReceivesInitialState() async {
    let feature = makeFixture()
    let (states, subscription) = feature.recordStates()
    var iterator = feature.states.makeAsyncIterator()
    #expect(await iterator.next() == FixtureState())
    #expect(states.values == [FixtureState()])
    _ = subscription
  }

  @Test("2. state equals the initial state without subscribing")
  func stateWithoutSubscribing() {
    #expect(makeFixture().state == FixtureState())
  }

  @Test("3. U, U, U: subscribers see only the initial state")
  func actionsWithoutEffects() {
    let feature = makeFixture()
    let (states, subscription) = feature.recordStates()
    for _ in 0..<3 { feature.accept(.u) }
    #expect(states.values == [FixtureState()])
    #expect(feature.definition.log.actions == [.u, .u, .u])
    _ = subscription
  }

  @Test("4. I1 x3: four states seen, the last with counter 106 and loading false")
  func threeIncrements() {
    let feature = makeFixture()
    let (states, subscription) = feature.recordStates()
    for _ in 0..<3 { feature.accept(.i1) }
    #expect(states.values.map(\.counter) == [100, 102, 104, 106])
    #expect(states.values.last == FixtureState(counter: 106, loading: false))
    _ = subscription
  }

  @Test("5. T3 x3: ten states seen, one per effect, although the state never changes")
  func unchangedStatesAreStillEmitted() {
    let feature = makeFixture()
    let (states, subscription) = feature.recordStates()
    for _ in 0..<3 { feature.accept(.t3) }
    #expect(states.values.count == 10)
    #expect(Set(states.values.map(\.counter)) == [100])
    _ = subscription
  }

  @Test("6. the actor reads the current state: I1, I1, M, U, I1, I1, M, T3 ends at 1080")
  func actorReadsCurrentState() {
    let feature = makeFixture()
    let (states, subscription) = feature.recordStates()
    for wish in [FixtureWish.i1, .i1, .m, .u, .i1, .i1, .m, .t3] { feature.accept(wish) }
    #expect(states.values.count == 9)
    #expect(states.values.last?.counter == 1080)
    let calls = feature.definition.log.calls
    #expect(calls[2] == .init(action: .m, state: FixtureState(counter: 104)))
    #expect(calls[6] == .init(action: .m, state: FixtureState(counter: 108)))
    _ = subscription
  }

  @Test("7. A(10 ms) without advancing the clock: loading is true")
  func asyncEffectStarted() async {
    let clock = VirtualClock()
    let feature = makeFixture(clock: clock)
    feature.accept(.async(.milliseconds(10)))
    #expect(feature.state == FixtureState(counter: 100, loading: true))
    await clock.advance(by: .milliseconds(9), afterSleeps: 1)
    #expect(feature.state == FixtureState(counter: 100, loading: true))
  }

  @Test("8. then advancing 10 ms gives counter 105 and loading false")
  func asyncEffectFinished() async {
    let clock = VirtualClock()
    let feature = makeFixture(clock: clock)
    let (states, subscription) = feature.recordStates()
    feature.accept(.async(.milliseconds(10)))
    await clock.advance(by: .milliseconds(10), afterSleeps: 1)
    await states.waitFor(count: 3)
    #expect(feature.state == FixtureState(counter: 105, loading: false))
    #expect(states.values.map(\.description) == ["(100, false)", "(100, true)", "(105, false)"])
    _ = subscription
  }

  @Test("9. A(1 s) then I2: late effects reduce against the state current when they arrive")
  func lateEffectsReduceAgainstCurrentState() async {
    let clock = VirtualClock()
    let feature = makeFixture(clock: clock)
    let (states, subscription) = feature.recordStates()
    feature.accept(.async(.seconds(1)))
    feature.accept(.i2)
    await clock.advance(by: .milliseconds(1001), afterSleeps: 1)
    await states.waitFor(count: 4)
    #expect(
      states.values.map(\.description) == [
        "(100, false)", "(100, true)", "(200, true)", "(205, false)",
      ])
    _ = subscription
  }

  @Test("10. inside asynchronous work, state read after a send shows that effect reduced")
  func stateReadAfterSendIsReduced() async {
    let feature = makeFixture()
    feature.definition.stateProbe.attach(feature)
    defer { feature.definition.stateProbe.detach() }
    let (states, subscription) = feature.recordStates()
    feature.accept(.probe)
    await states.waitFor(count: 3)
    #expect(feature.definition.stateProbe.readings.value == [102, 105])
    _ = subscription
  }
}
