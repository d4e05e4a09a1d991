import Finita
import FinitaAutomaton
import FinitaExamples

/// The search screen of `FinitaExamples`: an automaton whose states start work (a pause, then a
/// search) whose results come back as events.
enum FeedbackLoopTour {
  /// What the pretend search service knows.
  static let catalog = ["final state", "finite automaton", "finita", "feature", "feedback"]

  static func run(_ output: inout TourOutput) async {
    output.section("Search screen: an automaton with feedback loops, a pause and then a search")
    output.note("(a state's query starts work; its results come back as events)")
    let screen = Feature(
      initialState: SearchScreen.State.idle,
      definition: SearchScreen.definition(clock: ContinuousClock(), search: { search($0) }),
      configuration: .init(name: "SearchScreen"),
      trace: feedbackPrinter()
    )
    output.note("(the user types three letters: each one restarts the pause)")
    for text in ["f", "fi", "fin"] { screen.accept(.type(text)) }
    await screen.idle()
    output.note("(the user types a query the service fails on)")
    screen.accept(.type("fail"))
    await screen.idle()
    output.note("(the user clears the field)")
    screen.accept(.type(""))
    await screen.idle()
    screen.dispose()
  }

  /// The pretend service: one page of results at once, or an error for `fail`.
  static func search(_ query: String) -> AsyncThrowingStream<[String], any Error> {
    AsyncThrowingStream { continuation in
      if query == "fail" {
        continuation.finish(throwing: SearchFailure())
      } else {
        continuation.yield(catalog.filter { $0.hasPrefix(query) })
        continuation.finish()
      }
    }
  }

  /// Prints each wish, the events the feedbacks send back, each step and each new state; the
  /// news would repeat the step.
  static func feedbackPrinter()
    -> @Sendable (
      FeatureTraceEvent<FeedbackLoop<SearchScreen.State, SearchScreen.Event>>
    ) -> Void
  {
    { event in
      switch event {
      case .wish(let wish): print("   wish    \(wish)")
      case .effect(.feedback(let event), _): print("   back    \(event)")
      case .effect(.step(let step), _): print("   step    \(step)")
      case .state(let previous, let state, _) where state != previous:
        print("   state   \(state)")
      default: break
      }
    }
  }
}

/// The error of the pretend search service.
private struct SearchFailure: Error, CustomStringConvertible {
  var description: String { "the search service is unavailable" }
}
