import Dispatch
import Finita
import FinitaFixtures
import FinitaTesting
import Testing

@Suite("Lifecycle scenarios (25-31)", .threadTestsTimeLimit)
struct LifecycleScenarioTests {
  @Test("25. one wish, dispose, a second wish: only the first wish's state and news are seen")
  func disposeIgnoresLaterWishes() {
    let feature = makeFixture { $0.news = { action, _, _ in .named("\(action)") } }
    let (states, s1) = feature.recordStates()
    let (news, s2) = feature.recordNews()
    feature.accept(.i1)
    feature.dispose()
    feature.accept(.i2)
    #expect(states.values.map(\.counter) == [100, 102])
    #expect(news.values == [.named("I1")])
    #expect(feature.state.counter == 102)
    #expect(feature.definition.log.actions == [.i1])
    _ = (s1, s2)
  }

  @Test("26. dispose finishes every state and news stream, and isDisposed is true")
  func disposeFinishesStreams() async {
    let feature = makeFixture()
    let states = feature.states
    let news = feature.news
    let stateLoop = Task {
      var count = 0
      for await _ in states { count += 1 }
      return count
    }
    let newsLoop = Task {
      var count = 0
      for await _ in news { count += 1 }
      return count
    }
    feature.accept(.i1)
    #expect(!feature.isDisposed)
    feature.dispose()
    #expect(feature.isDisposed)
    #expect(await stateLoop.value == 2)
    #expect(await newsLoop.value == 0)
    // A sequence requested after disposal is already finished.
    var afterwards = feature.states.makeAsyncIterator()
    #expect(await afterwards.next() == nil)
  }

  @Test("27. dispose while an async effect runs: its task is cancelled and no state follows")
  func disposeCancelsAsyncEffect() async {
    let clock = VirtualClock()
    let feature = makeFixture(clock: clock)
    let (states, subscription) = feature.recordStates()
    feature.accept(.async(.milliseconds(10)))
    #expect(feature.inFlightEffectCount == 1)
    await clock.waitForSleeps(1)
    feature.dispose()
    #expect(feature.inFlightEffectCount == 0)
    await clock.advance(by: .seconds(1))
    await feature.definition.log.waitForCancellations(1)
    #expect(states.values.map(\.description) == ["(100, false)", "(100, true)"])
    #expect(feature.state == FixtureState(counter: 100, loading: true))
    _ = subscription
  }

  @Test("28. a bootstrapper that emits later, disposed first: the actor never sees its actions")
  func disposeCancelsBootstrapper() async {
    let clock = VirtualClock()
    let cancelled = Recorder<Bool>()
    let feature = makeFixture(clock: clock) {
      $0.boot = {
        .run { send in
          do {
            try await clock.sleep(for: .seconds(1))
          } catch {
            cancelled.append(true)
            throw error
          }
          send(.i1)
        }
      }
    }
    await clock.waitForSleeps(1)
    feature.dispose()
    await clock.advance(by: .seconds(2))
    await cancelled.waitFor(count: 1)
    #expect(feature.definition.log.calls.isEmpty)
  }

  @Test("29. dropping every outside reference while async work is pending deallocates the feature")
  func featureIsReleasedWithPendingWork() async {
    let clock = VirtualClock()
    var feature: Feature<Fixture>? = makeFixture(clock: clock)
    weak let weakFeature = feature
    let log = feature?.definition.log
    feature?.accept(.async(.seconds(1)))
    await clock.waitForSleeps(1)
    feature = nil
    #expect(weakFeature == nil)
    // Deinitialization cancelled the pending work.
    await clock.advance(by: .seconds(2))
    await log?.waitForCancellations(1)
    #expect(log?.cancellationCount == 1)
  }

  @Test("30. 10,000 synchronous wishes retain no task, and the feature keeps no backlog")
  func synchronousWishesRetainNothing() {
    let feature = makeFixture()
    for index in 0..<10_000 {
      feature.accept(index.isMultiple(of: 2) ? .i1 : .t3)
      #expect(feature.inFlightEffectCount == 0)
    }
    #expect(feature.state.counter == 100 + 5_000 * 2)
  }

  @Test("31. errors thrown by an async effect are mapped to an effect, and later wishes still work")
  func asyncErrorsBecomeEffects() async {
    let feature = makeFixture { $0.mapsErrors = true }
    let (states, subscription) = feature.recordStates()
    feature.accept(.failIfOdd(1))
    feature.accept(.failIfOdd(0))
    await states.waitFor(count: 3)
    let ids = states.values.map(\.id)
    #expect(ids.contains("error FixtureError(value: 1) from failIfOdd(1)"))
    #expect(feature.definition.log.actions == [.failIfOdd(1), .failIfOdd(0)])
    _ = subscription
  }

  @Test("31. unmapped errors reach the unhandled-error reporter, and later wishes still work")
  func asyncErrorsAreReported() async {
    let errors = Recorder<UnhandledEffectError>()
    let feature = makeFixture(
      configuration: .init(name: "F", onUnhandledError: { errors.append($0) })
    )
    let (states, subscription) = feature.recordStates()
    feature.accept(.failIfOdd(1))
    feature.accept(.failIfOdd(0))
    await errors.waitFor(count: 1)
    await states.waitFor(count: 2)
    #expect(errors.values.first?.underlying as? FixtureError == FixtureError(value: 1))
    #expect(errors.values.first?.source == "action failIfOdd(1)")
    #expect(errors.values.first?.description.contains("effect(for:from:)") == true)
    #expect(feature.state.counter == 100)
    _ = subscription
  }

  @Test("wishes racing start() from another thread never reach the Actor before the Bootstrapper")
  func startRacingWishes() async {
    await ThreadTestTurns.shared.withTurn {
      for _ in 0..<20 {
        let feature = makeFixture(startsImmediately: false) { $0.boot = { .just(.i2) } }
        let sending = DispatchSemaphore(value: 0)
        await runOnThreads(2) { thread in
          if thread == 0 {
            sending.wait()
            feature.start()
          } else {
            for index in 0..<2_000 {
              if index == 100 { sending.signal() }
              feature.accept(.i1)
            }
          }
        }
        #expect(feature.definition.log.actions.first == .i2)
        #expect(feature.state.counter == 100 + 100 + 2 * 2_000)
      }
    }
  }
}
