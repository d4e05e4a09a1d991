// Written by `finita new feature Greeting`: a starting point to edit.

import Finita

/// What the Greeting screen shows.
struct GreetingViewState: Equatable, Sendable {
  var title: String
  var showsSpinner: Bool
}

extension GreetingViewState {
  /// The view state of a feature state.
  init(_ state: Greeting.State) {
    title = "Count: \(state.count)"
    showsSpinner = state.isLoading
  }
}

/// Maps the feature's states to the screen's view states, without duplicates.
func makeGreetingUIStateMapper(_ feature: Feature<Greeting>) -> UIStateMapper<GreetingViewState> {
  UIStateMapper(feature) { state in GreetingViewState(state) }
}
