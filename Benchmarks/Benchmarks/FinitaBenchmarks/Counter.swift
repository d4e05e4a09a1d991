import Finita

/// The feature measured by most benchmarks: a counter whose wish is one synchronous effect.
struct Counter: FeatureDefinition {
  struct State: Sendable, Equatable {
    var count = 0
  }

  enum Wish: Sendable {
    case increment
    case incrementAsync
    case incrementThenFollowUp
    case followUp
  }

  enum Effect: Sendable {
    case incremented
  }

  enum News: Sendable {
    case incremented(Int)
  }

  var publishesNews = false
  var postProcesses = false

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .increment, .incrementThenFollowUp, .followUp:
      .just(.incremented)
    case .incrementAsync:
      .run { send in send(.incremented) }
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    state.count &+= 1
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    publishesNews ? .incremented(state.count) : nil
  }

  func postProcess(_ action: Wish, _ effect: Effect, _ state: State) -> Wish? {
    postProcesses && action == .incrementThenFollowUp ? .followUp : nil
  }
}

/// The plain-struct baseline: a `switch` reducer with no runtime around it.
struct PlainCounter: Sendable {
  var count = 0

  mutating func reduce(_ wish: Counter.Wish) {
    switch wish {
    case .increment, .incrementAsync, .incrementThenFollowUp, .followUp:
      count &+= 1
    }
  }
}
