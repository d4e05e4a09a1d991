import Finita
import FinitaFixtures
import FinitaTesting

extension Feature {
  /// Subscribes a recorder to states (the current one first).
  func recordStates() -> (Recorder<State>, Subscription) {
    let recorder = Recorder<State>()
    let subscription = observeState { recorder.append($0) }
    return (recorder, subscription)
  }

  /// Subscribes a recorder to news.
  func recordNews() -> (Recorder<News>, Subscription) {
    let recorder = Recorder<News>()
    let subscription = observeNews { recorder.append($0) }
    return (recorder, subscription)
  }

  /// Waits, without sleeping, until the feature's state satisfies `predicate`.
  func waitForState(where predicate: @Sendable (State) -> Bool) async -> State? {
    for await state in states where predicate(state) {
      return state
    }
    return nil
  }
}

/// Makes fixture F on a test clock.
func makeFixture(
  clock: VirtualClock = VirtualClock(),
  startsImmediately: Bool = true,
  configuration: FeatureConfiguration = .init(),
  _ customize: (inout Fixture) -> Void = { _ in }
) -> Feature<Fixture> {
  var definition = Fixture(clock: clock)
  customize(&definition)
  return Feature(
    initialState: FixtureState(),
    definition: definition,
    configuration: configuration,
    startsImmediately: startsImmediately
  )
}
