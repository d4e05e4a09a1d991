import Finita

/// A small feature with every part the recorder sees: news, a post-processor and timed work.
struct Tracker: FeatureDefinition {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var isLoading = false
    var items: [String] = []
  }
  enum Wish: Codable, Equatable, Sendable {
    case increment, load, reset
  }
  enum Effect: Codable, Equatable, Sendable {
    case incremented, started
    case loaded([String])
    case cleared
  }
  enum News: Codable, Equatable, Sendable {
    case reachedThree
  }

  let clock: any Clock<Duration>
  /// How much `increment` adds: a changed reducer in the divergence test.
  var step = 1

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    let clock = self.clock
    switch action {
    case .increment:
      return .just(.incremented)
    case .reset:
      return .just(.cleared)
    case .load:
      return .merge(
        .just(.started),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          send(.loaded(["a", "b"]))
        })
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .incremented: state.count += step
    case .started: state.isLoading = true
    case .loaded(let items):
      state.isLoading = false
      state.items = items
    case .cleared: state = State()
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    effect == .incremented && state.count == 3 ? .reachedThree : nil
  }
}

/// The same feature under another type name, for the wrong-type test.
struct OtherTracker: FeatureDefinition {
  typealias State = Tracker.State
  typealias Wish = Tracker.Wish
  typealias Effect = Tracker.Effect
  func act(_ state: State, _ action: Wish) -> Effects<Effect> { .none }
  func reduce(_ state: inout State, _ effect: Effect) {}
}
