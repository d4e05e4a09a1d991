import Finita
import FinitaObservation
import FinitaTesting
import Observation
import Testing

/// Counts how often a tracked read is invalidated.
private final class ChangeCounter: Sendable {
  private let count = LockedValue(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

@MainActor
private func track(_ read: @escaping @MainActor () -> Void) -> ChangeCounter {
  let counter = ChangeCounter()
  withObservationTracking {
    read()
  } onChange: {
    counter.increment()
  }
  return counter
}

@MainActor
@Suite("Observation models", .timeLimit(.minutes(1)))
struct ObservationModelTests {
  @Test("a wish sent on the main actor updates state before send returns, and fires once")
  func stateChangeFiresOnce() {
    let model = FeatureModel(Feature(initialState: Profile.State(), definition: Profile()))
    let changes = track { _ = model.state }

    model.send(.rename("Bea"))

    #expect(model.state.name == "Bea")
    #expect(changes.value == 1)
  }

  @Test("effects that leave an Equatable state unchanged do not invalidate it")
  func unchangedStateDoesNotFire() {
    let model = FeatureModel(Feature(initialState: Profile.State(), definition: Profile()))
    let changes = track { _ = model.state }

    model.send(.touch)
    model.send(.rename("Ann"))

    #expect(changes.value == 0)
  }

  @Test("a view-state model: a field the view does not use changes nothing; a used one fires once")
  func viewStateModelFiresOnlyForRelevantFields() {
    let profile = Feature(initialState: Profile.State(), definition: Profile())
    let model = ViewStateModel(profile) { $0.name }
    let unrelated = track { _ = model.state }

    model.send(.visit)
    model.send(.setLoading(true))
    #expect(unrelated.value == 0)

    let relevant = track { _ = model.state }
    model.send(.rename("Bea"))
    #expect(relevant.value == 1)
    #expect(model.state == "Bea")
  }

  @Test("a view-state model over two features through a mapper")
  func viewStateModelOverMapper() {
    let profile = Feature(initialState: Profile.State(), definition: Profile())
    let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let mapper = UIStateMapper(profile, worker) { profile, worker in
      "\(profile.name): \(worker.finished.count)"
    }
    let model = ViewStateModel(mapper, send: .wishes(of: worker))
    let changes = track { _ = model.state }

    model.send(.finish(1))

    #expect(model.state == "Ann: 1")
    #expect(changes.value == 1)
  }

  @Test("news reaches the handler on the main actor, in order")
  func newsHandler() {
    let model = FeatureModel(Feature(initialState: Profile.State(), definition: Profile()))
    var received: [Profile.News] = []
    model.onNews { news in
      MainActor.preconditionIsolated()
      received.append(news)
    }

    model.send(.rename("Bea"))
    model.send(.visit)
    model.send(.rename("Cid"))

    #expect(received == [.renamed("Bea"), .renamed("Cid")])
  }

  @Test("states produced off the main actor reach the model on the main actor")
  func stateFromAnotherThread() async {
    let feature = Feature(initialState: Profile.State(), definition: Profile())
    let model = FeatureModel(feature)
    let (changed, continuation) = AsyncStream.makeStream(of: Void.self)
    withObservationTracking {
      _ = model.state
    } onChange: {
      MainActor.preconditionIsolated()
      continuation.yield()
    }

    await Task.detached { feature.accept(.rename("Dee")) }.value
    for await _ in changed { break }

    #expect(model.state.name == "Dee")
  }

  @Test("a feature isolated to the main actor updates its model synchronously")
  func mainActorFeature() {
    let feature = Feature(
      initialState: Profile.State(),
      definition: Profile(),
      configuration: .init(isolation: .mainActor)
    )
    let model = FeatureModel(feature)
    model.send(.visit)
    model.send(.visit)
    #expect(model.state.visits == 2)
  }
}
