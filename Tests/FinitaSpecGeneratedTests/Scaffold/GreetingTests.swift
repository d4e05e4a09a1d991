// Written by `finita new feature Greeting`: a starting point to edit.

import FinitaTesting
import Testing

/// The Greeting feature with a FeatureTester, and its view state.
@Suite("Greeting")
struct GreetingTests {
  @Test("load counts one more")
  func load() async {
    let tester = FeatureTester(initialState: Greeting.State(), definition: Greeting())
    await tester.send(.load) { $0.count = 1 }
    await tester.finish()
  }

  @Test("the view state shows the count")
  func viewState() {
    let viewState = GreetingViewState(Greeting.State(isLoading: true, count: 2))
    #expect(viewState == GreetingViewState(title: "Count: 2", showsSpinner: true))
  }
}
