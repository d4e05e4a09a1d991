// Written by `finita new feature Profile`: a starting point to edit.

import FinitaTesting
import Testing

/// The Profile feature with a FeatureTester, and its view state.
@Suite("Profile")
struct ProfileTests {
  @Test("load counts one more")
  func load() async {
    let tester = FeatureTester(initialState: Profile.State(), definition: Profile())
    await tester.send(.load) { $0.isLoading = true }
    await tester.receive(.loaded(count: 1)) {
      $0.isLoading = false
      $0.count = 1
    }
    tester.expectNews(.didLoad(count: 1))
    await tester.finish()
  }

  @Test("the view state shows the count")
  func viewState() {
    let viewState = ProfileViewState(Profile.State(isLoading: true, count: 2))
    #expect(viewState == ProfileViewState(title: "Count: 2", showsSpinner: true))
  }
}
