import Finita
import FinitaRecording
import FinitaTesting
import Testing

// A search box: each search asks the service, and the answers come back in any order. Each
// search is numbered; the results shown are those of the newest search that has answered.

private struct SearchState: Hashable, Sendable, Codable {
  var searches = 0
  var shownSearch = 0
  var results: [String] = []
}

private enum SearchWish: Hashable, Sendable, Codable {
  case search(String)
}

private enum SearchEffect: Hashable, Sendable, Codable {
  case searchDidStart
  case resultsDidLoad(search: Int, [String])
  case searchDidFail(search: Int)
}

private struct SearchError: Error, Equatable {}

private struct Search: FeatureDefinition {
  let search: @Sendable (String) async throws -> [String]
  /// The planted bug: whichever answer comes last is shown, even one older than those shown.
  var showsLastAnswer = false

  func act(_ state: SearchState, _ wish: SearchWish) -> Effects<SearchEffect> {
    switch wish {
    case .search(let query):
      let search = self.search
      let number = state.searches + 1
      return .concatenate(
        .just(.searchDidStart),
        .run(name: "searching \(query)") { send in
          send(.resultsDidLoad(search: number, try await search(query)))
        } catch: { _, send in
          send(.searchDidFail(search: number))
        }
      )
    }
  }

  func reduce(_ state: inout SearchState, _ effect: SearchEffect) {
    switch effect {
    case .searchDidStart:
      state.searches += 1
    case .resultsDidLoad(let search, let results):
      guard showsLastAnswer || search > state.shownSearch else { return }
      state.shownSearch = search
      state.results = results
    case .searchDidFail:
      break
    }
  }
}

private let searchWishes: Gen<SearchWish> = Gen.element(of: ["a", "ab"]).map { .search($0) }

/// An answer, or a failure.
private let searchOutcomes: @Sendable (String) -> Gen<Result<[String], any Error>> = { query in
  .one(of: [.constant(.success([query + "c"])), .constant(.failure(SearchError()))])
}

private let searchInvariants: [ExploreInvariant<Search>] = [
  ExploreInvariant("the results never go back to an older search") {
    { event in
      guard case .state(let previous, let current) = event,
        current.shownSearch < previous.shownSearch
      else { return nil }
      return "search \(current.shownSearch) replaced the newer search \(previous.shownSearch)"
    }
  }
]

private func searchExplorer(showsLastAnswer: Bool) -> Explorer<Search> {
  var explorer = Explorer(
    initialState: SearchState(), wishes: searchWishes, outcomes: searchOutcomes,
    invariants: searchInvariants
  ) { _, calls in
    Search(search: calls.call, showsLastAnswer: showsLastAnswer)
  }
  explorer.testSource = ExploreTestSource(
    initialState: "SearchState()",
    definition: "Search(search: calls.call, showsLastAnswer: true)",
    calls: "PendingCalls<String, [String]>()")
  return explorer
}

@Suite("Exploring async completions delivered in any order", .timeLimit(.minutes(2)))
struct ExploreCallsTests {
  @Test("a tester completes two calls in the reverse order of their requests")
  func pendingCallsByHand() async {
    let calls = PendingCalls<String, [String]>()
    let tester = FeatureTester(initialState: SearchState()) { _ in
      Search(search: calls.call)
    }
    await tester.send(.search("a")) { $0.searches = 1 }
    await tester.send(.search("ab")) { $0.searches = 2 }
    // A step's work runs once the step is over: settling lets it reach its calls.
    await tester.skipUnasserted()
    #expect(calls.inFlight == ["a", "ab"])
    #expect(calls.complete(1, with: .success(["abc"])) == "ab")
    await tester.receive(.resultsDidLoad(search: 2, ["abc"])) {
      $0.shownSearch = 2
      $0.results = ["abc"]
    }
    calls.complete(0, with: .success(["ac"]))
    await tester.receive(.resultsDidLoad(search: 1, ["ac"]))
    #expect(calls.inFlight.isEmpty)
    #expect(calls.complete(0, with: .success([])) == nil)
    await tester.finish()
  }

  @Test("disposing the feature cancels its calls in flight")
  func disposeCancelsCalls() async {
    let calls = PendingCalls<String, [String]>()
    let tester = FeatureTester(initialState: SearchState()) { _ in
      Search(search: calls.call)
    }
    await tester.send(.search("a")) { $0.searches = 1 }
    await tester.skipUnasserted()
    #expect(calls.inFlight == ["a"])
    tester.feature.dispose()
    await tester.skipUnasserted()
    #expect(calls.inFlight.isEmpty)
  }

  @Test("a search that shows answers in the order they come keeps its promise")
  func searchKeepsItsPromise() async {
    let report = await searchExplorer(showsLastAnswer: false).explore()
    #expect(report.failure == nil)
    #expect(report.coverage.wishes["search"] != nil)
  }

  @Test("a search that shows the last answer is caught when two answers cross, in 4 steps")
  func searchShowingTheLastAnswer() async throws {
    let failure = try #require(await searchExplorer(showsLastAnswer: true).run().failure)
    #expect(failure.invariant == "the results never go back to an older search")
    #expect(failure.inputs.count == 4)
    let completions = failure.inputs.compactMap { input -> ExploreCompletion? in
      if case .completion(let completion) = input { completion } else { nil }
    }
    // The newer search answers first, then the older one.
    #expect(completions.map(\.call) == [1, 0])
    #expect(completions.map(\.inFlight) == [2, 1])
    #expect(completions.allSatisfy { $0.outcome?.hasPrefix("success") == true })
    #expect(failure.trace.contains("complete call 1 of 2 in flight"))
    #expect(
      failure.trace.contains(
        "  4. complete call 0 of 1 in flight, \"a\", with success([\"ac\"])"))
    #expect(failure.testSource.contains("let calls = PendingCalls<String, [String]>()"))
    #expect(failure.testSource.contains("placeholders holding their descriptions"))
    #expect(failure.testSource.contains("calls.complete(1, with: <#.success("))
    #expect(
      failure.testSource.contains(
        "await tester.skipUnasserted()\n  calls.complete(1, with: <#.success([\"ac\"])#>)"))
  }

  @Test("the generated test, its outcomes filled in, shows the bug")
  func generatedTestShowsTheBug() async {
    // The source generated for the failure above, with its two placeholders filled in.
    let calls = PendingCalls<String, [String]>()
    let tester = FeatureTester(initialState: SearchState()) { clock in
      Search(search: calls.call, showsLastAnswer: true)
    }
    tester.exhaustivity = .off
    await tester.send(.search("a"))
    await tester.send(.search("a"))
    await tester.skipUnasserted()
    calls.complete(1, with: .success(["ac"]))
    await tester.skipUnasserted()
    #expect(tester.state.shownSearch == 2)
    await tester.skipUnasserted()
    calls.complete(0, with: .success(["ac"]))
    await tester.skipUnasserted()
    #expect(tester.state.shownSearch == 1)
    await tester.finish()
  }

  @Test("the same seed finds the same failure, and rerunning its sequence finds it again")
  func completionsAreDeterministic() async throws {
    let explorer = searchExplorer(showsLastAnswer: true)
    let first = try #require(await explorer.run(seed: 7).failure)
    let second = try #require(await explorer.run(seed: 7).failure)
    #expect(first.trace == second.trace)
    let seed = try #require(first.seed)
    let again = try #require(await explorer.run(sequenceSeed: seed).failure)
    #expect(again.inputs == first.inputs)
  }

  @Test("explored exhaustively, the crossing answers are a shortest failure of 4 steps")
  func searchExhaustive() async throws {
    let explorer = searchExplorer(showsLastAnswer: true)
    let report = await explorer.exhaustive(
      [
        .wish(.search("a")), .completion(ExploreCompletion(call: 0)),
        .completion(ExploreCompletion(call: 1)),
      ],
      depth: 4)
    let failure = try #require(report.failure)
    #expect(failure.inputs.count == 4)
    #expect(failure.trace.contains("complete call 1 of 2 in flight, \"a\", with success"))
  }

  @Test("the crossing answers, recorded and read back, replay in a fresh feature to the same state")
  func crossingAnswersReplayFromTheRecording() async throws {
    let explorer = searchExplorer(showsLastAnswer: true)
    let failure = try #require(await explorer.run().failure)
    let rerun = await explorer.rerun(failure.inputs) { clock in FeatureRecorder(clock: clock) }
    #expect(rerun.invariant == failure.invariant)
    let written = try #require(rerun.interceptor.recording(of: Search.self)).jsonLines()
    let recording = try Recording<Search>(jsonLines: written)
    // A FeatureTester cannot answer the calls on its own; FinitaRecording's replay feeds the
    // effects the calls delivered back where the recording has them, and runs the rest.
    let replayed = recording.replay { _ in
      Search(search: { _ in throw SearchError() }, showsLastAnswer: true)
    }
    #expect(replayed.divergence == nil)
    #expect(replayed.substitutedEffects == 2)
    let shown = recording.states.map(\.shownSearch)
    #expect(zip(shown, shown.dropFirst()).contains { $1 < $0 })
    #expect(replayed.finalState.shownSearch == 1)
  }
}
