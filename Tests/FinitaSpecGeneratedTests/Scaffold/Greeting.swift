// Written by `finita new feature Greeting`: a starting point to edit.

import Finita

/// Loads a count and shows it. Replace the loading with your own work.
struct Greeting: FeatureDefinition {
  /// What the feature knows.
  struct State: Equatable, Sendable {
    var isLoading = false
    var count = 0
  }

  /// What the user or the app wants.
  enum Wish: Equatable, Sendable {
    case load
  }

  /// What the Actor did, for the Reducer.
  enum Effect: Equatable, Sendable {
    case loaded(count: Int)
  }

  /// The Actor: turns a wish into effects.
  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .load:
      guard !state.isLoading else { return .none }
      return .just(.loaded(count: state.count + 1))
    }
  }

  /// The Reducer: applies an effect to the state.
  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .loaded(let count):
      state.isLoading = false
      state.count = count
    }
  }
}
