import Finita
import FinitaAutomaton

/// A search screen whose automaton has two feedback loops: typing waits for a pause before
/// searching (a debounce on the injected clock), and searching runs the query on a service and
/// feeds the results back as events.
///
/// ```swift
/// let screen = Feature(initialState: .idle, definition: SearchScreen.definition(
///   clock: ContinuousClock(), search: { query in api.results(for: query) }))
/// screen.accept(.type("fini"))  // typing; 300 ms later searching, then results
/// ```
public enum SearchScreen {
  /// What the screen shows.
  public enum State: AutomatonState {
    case idle
    case typing(String)
    case searching(String)
    case results(String, [String])
    case failed(String, message: String)

    /// The states without their payloads.
    public enum Kind: Hashable, CaseIterable, Sendable {
      case idle, typing, searching, results, failed
    }

    /// The state without its payload.
    public var kind: Kind {
      switch self {
      case .idle: .idle
      case .typing: .typing
      case .searching: .searching
      case .results: .results
      case .failed: .failed
      }
    }
  }

  /// What the user does and what the feedbacks report.
  public enum Event: AutomatonEvent, Equatable {
    case type(String)
    case pauseElapsed
    case found([String])
    case failed(String)

    /// The events without their payloads.
    public enum Kind: Hashable, CaseIterable, Sendable { case type, pauseElapsed, found, failed }

    /// The event without its payload.
    public var kind: Kind {
      switch self {
      case .type: .type
      case .pauseElapsed: .pauseElapsed
      case .found: .found
      case .failed: .failed
      }
    }
  }

  /// How long typing must pause before a search starts.
  public static let pause = Duration.milliseconds(300)

  /// The screen's transitions: typing from anywhere, then waiting, searching and showing.
  public static let automaton = Automaton<State, Event, Never> {
    Initial(.idle)
    for kind in State.Kind.allCases {
      ComputedTransition<State, Event, Never>(from: kind, to: [.idle, .typing], by: .type) {
        _, event in
        guard case .type(let text) = event else { return nil }
        return text.isEmpty ? .idle : .typing(text)
      }
    }
    ComputedTransition<State, Event, Never>(from: .typing, to: [.searching], by: .pauseElapsed) {
      state, _ in
      if case .typing(let text) = state { .searching(text) } else { nil }
    }
    // Later pages replace the results shown.
    for kind in [State.Kind.searching, .results] {
      ComputedTransition<State, Event, Never>(from: kind, to: [.results], by: .found) {
        state, event in
        guard case .found(let items) = event else { return nil }
        switch state {
        case .searching(let text), .results(let text, _): return .results(text, items)
        default: return nil
        }
      }
    }
    ComputedTransition<State, Event, Never>(from: .searching, to: [.failed], by: .failed) {
      state, event in
      guard case .searching(let text) = state, case .failed(let message) = event else {
        return nil
      }
      return .failed(text, message: message)
    }
  }

  /// The screen's definition.
  ///
  /// - Parameters:
  ///   - clock: The clock the pause is measured on.
  ///   - search: The results of a query, over time (a first page, then more).
  /// - Returns: The automaton with its two feedback loops.
  public static func definition<C: Clock<Duration>, Results: AsyncSequence & Sendable>(
    clock: C,
    search: @escaping @Sendable (String) -> Results
  ) -> FeedbackLoop<State, Event> where Results.Element == [String] {
    let debounce = Feedback<State, Event>(
      query: { state in if case .typing(let text) = state { text } else { nil } },
      effects: { _ in AfterDelay(Event.pauseElapsed, after: pause, on: clock) }
    )
    // The query stays the same while its results show, so later pages still arrive.
    let lookUp = Feedback<State, Event>(
      query: { state in
        switch state {
        case .searching(let text), .results(let text, _): text
        default: nil
        }
      },
      effects: { text in FoundEvents(results: search(text)) }
    )
    return FeedbackLoop(automaton: automaton, feedbacks: [debounce, lookUp]) { error in
      .failed(String(describing: error))
    }
  }
}

/// Each batch of results as a `found` event.
struct FoundEvents<Results: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Results.Element == [String] {
  let results: Results

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Results.AsyncIterator

    mutating func next() async throws -> SearchScreen.Event? {
      try await base.next().map(SearchScreen.Event.found)
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: results.makeAsyncIterator())
  }
}
