// Written by `finita new feature Profile`: a starting point to edit.

import Finita

/// Loads a count and shows it. Replace the loading with your own work.
struct Profile: FeatureDefinition {
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
    case loadingStarted
    case loaded(count: Int)
  }

  /// What others need to know.
  enum News: Equatable, Sendable {
    case didLoad(count: Int)
  }

  /// The Bootstrapper: wishes to handle at start, such as `.just(.load)`.
  func bootstrap() -> Effects<Wish> {
    .none
  }

  /// The Actor: turns a wish into effects.
  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .load:
      guard !state.isLoading else { return .none }
      let next = state.count + 1
      return .merge(
        .just(.loadingStarted),
        .run { send in send(.loaded(count: next)) }
      )
    }
  }

  /// The Reducer: applies an effect to the state.
  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .loadingStarted:
      state.isLoading = true
    case .loaded(let count):
      state.isLoading = false
      state.count = count
    }
  }

  /// The NewsPublisher: what to tell others after an effect.
  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    guard case .loaded(let count) = effect else { return nil }
    return .didLoad(count: count)
  }

  /// The PostProcessor: a wish to handle after an effect; none yet.
  func postProcess(_ action: Wish, _ effect: Effect, _ state: State) -> Wish? {
    nil
  }
}
