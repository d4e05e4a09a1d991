import Finita
import FinitaAutomaton
import FinitaExamples
import FinitaTesting
import Testing

@Suite("Feedback loops inside one screen, on the virtual clock")
struct SearchScreenTests {
  typealias Screen = FeedbackLoop<SearchScreen.State, SearchScreen.Event>

  /// A service that answers a query with two pages of results.
  static let search: @Sendable (String) -> AsyncStream<[String]> = { query in
    AsyncStream { continuation in
      continuation.yield(["\(query) 1"])
      continuation.yield(["\(query) 1", "\(query) 2"])
      continuation.finish()
    }
  }

  @Test("typing waits for the pause; the search's pages come back as events")
  func debounceThenSearch() async {
    let tester = FeatureTester(initialState: SearchScreen.State.idle) { clock in
      SearchScreen.definition(clock: clock, search: Self.search)
    }
    tester.exhaustivity = .off
    await tester.send(.type("fin")) { $0 = .typing("fin") }
    await tester.advance(by: .milliseconds(200))
    #expect(tester.state == .typing("fin"))
    // Typing again restarts the pause.
    await tester.send(.type("fini")) { $0 = .typing("fini") }
    await tester.advance(by: .milliseconds(200))
    #expect(tester.state == .typing("fini"))
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.feedback(.pauseElapsed))
    await tester.receive(.feedback(.found(["fini 1"])))
    await tester.receive(.feedback(.found(["fini 1", "fini 2"])))
    await tester.finish()
    #expect(tester.state == .results("fini", ["fini 1", "fini 2"]))
  }

  @Test("clearing the text while waiting cancels the pending search")
  func clearingCancels() async {
    let tester = FeatureTester(initialState: SearchScreen.State.idle) { clock in
      SearchScreen.definition(clock: clock, search: Self.search)
    }
    tester.exhaustivity = .off
    await tester.send(.type("a")) { $0 = .typing("a") }
    await tester.send(.type("")) { $0 = .idle }
    await tester.advance(by: .seconds(1))
    #expect(tester.state == .idle)
    await tester.finish()
  }

  @Test("a failing search comes back as a failed event")
  func failure() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    let tester = FeatureTester(initialState: SearchScreen.State.idle) { clock in
      SearchScreen.definition(clock: clock) { _ in
        AsyncThrowingStream<[String], any Error> { $0.finish(throwing: Offline()) }
      }
    }
    tester.exhaustivity = .off
    await tester.send(.type("x")) { $0 = .typing("x") }
    await tester.advance(by: SearchScreen.pause)
    await tester.receive(.feedback(.pauseElapsed))
    await tester.receive(.feedback(.failed("offline")))
    await tester.finish()
    #expect(tester.state == .failed("x", message: "offline"))
  }
}
