import Finita
import FinitaRecording
import FinitaTesting
import Testing

/// A kettle that boils a while after it is switched on: a timer, news and cancellation.
private struct Kettle: FeatureDefinition {
  struct State: Equatable, Sendable {
    var temperature = 20
    var isHeating = false
  }
  enum Wish: Sendable {
    case switchOn, switchOff
  }
  enum Effect: Sendable {
    case startedHeating, boiled, stopped
  }
  enum News: Equatable, Sendable {
    case boiled
  }
  private struct Heating: Hashable, Sendable {}

  let clock: any Clock<Duration>
  var boilingPoint = 100

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .switchOn:
      .merge(
        .just(.startedHeating),
        .delayed(.boiled, by: .seconds(3), clock: clock).cancellable(id: Heating()))
    case .switchOff:
      .merge(.cancel(id: Heating()), .just(.stopped))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .startedHeating: state.isHeating = true
    case .boiled:
      state.isHeating = false
      state.temperature = boilingPoint
    case .stopped: state.isHeating = false
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .boiled = effect { .boiled } else { nil }
  }
}

/// Records a session: on, boiled after 3 s, on again and off at once.
private func recordSession() async throws -> Recording<Kettle> {
  let clock = VirtualClock()
  let recorder = FeatureRecorder(clock: clock)
  let kettle = Feature(
    initialState: Kettle.State(), definition: Kettle(clock: clock),
    configuration: .init(interceptors: [recorder]))
  let states = kettle.states
  kettle.accept(.switchOn)
  // The timer's task must be asleep before time moves, or it would sleep from 3 s on.
  while clock.pendingSleepCount == 0 { await Task.yield() }
  await clock.advance(by: .seconds(3))
  for await state in states where state.temperature == 100 && !state.isHeating { break }
  kettle.accept(.switchOn)
  kettle.accept(.switchOff)
  kettle.dispose()
  return try #require(recorder.recording(of: Kettle.self))
}

@Suite("FeatureTester from a recording", .timeLimit(.minutes(1)))
struct TesterRecordingTests {
  @Test("a recording played as the tester's steps passes against the same code")
  func replayPasses() async throws {
    let recording = try await recordSession()
    let tester = FeatureTester(
      initialState: recording.header.initialState, startsImmediately: false
    ) { clock in Kettle(clock: clock) }
    await tester.replay(recording.testSteps)
    #expect(tester.state == Kettle.State(temperature: 100, isHeating: false))
    await tester.finish()
  }

  @Test("a changed reducer fails at the recorded effect, with a diff")
  func replayFindsChange() async throws {
    let recording = try await recordSession()
    let tester = FeatureTester(
      initialState: recording.header.initialState, startsImmediately: false
    ) { clock in
      Kettle(clock: clock, boilingPoint: 90)
    }
    await withKnownIssue {
      await tester.replay(recording.testSteps)
    } matching: { issue in
      issue.description.contains("The state after")
        && issue.description.contains("temperature: 100")
        && issue.description.contains("temperature: 90")
    }
    await tester.finish()
  }

  @Test("a tester can start from any recorded state")
  func startFromState() async throws {
    let recording = try await recordSession()
    let index = try #require(recording.steps.firstIndex { $0.stage == .news })
    let tester = FeatureTester(initialState: recording.state(after: index)) { clock in
      Kettle(clock: clock)
    }
    #expect(tester.state.temperature == 100)
    await tester.send(.switchOn) { $0.isHeating = true }
    await tester.send(.switchOff) { $0.isHeating = false }
    await tester.finish()
  }
}
