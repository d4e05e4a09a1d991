// Written by `finita new feature Profile`: a starting point to edit.

import Finita

/// What the Profile screen shows.
struct ProfileViewState: Equatable, Sendable {
  var title: String
  var showsSpinner: Bool
}

extension ProfileViewState {
  /// The view state of a feature state.
  init(_ state: Profile.State) {
    title = "Count: \(state.count)"
    showsSpinner = state.isLoading
  }
}

/// Maps the feature's states to the screen's view states, without duplicates.
func makeProfileUIStateMapper(_ feature: Feature<Profile>) -> UIStateMapper<ProfileViewState> {
  UIStateMapper(feature) { state in ProfileViewState(state) }
}
