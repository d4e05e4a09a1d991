import Finita
import FinitaExamples
import FinitaTesting
import Foundation
import Testing

/// The figure in the "Finding bugs with explore" article: 10,000 sequences of 20 steps.
///
/// Wall-clock time depends on the machine, so the test runs only when asked
/// (`FINITA_EXPLORE_SPEED=1 swift test --filter ExploreSpeed`) and prints what it measured; it
/// checks only that every sequence ran.
@Suite(
  "How fast exploring is",
  .enabled(if: ProcessInfo.processInfo.environment["FINITA_EXPLORE_SPEED"] != nil))
struct ExploreSpeedTests {
  @Test("10,000 sequences of 20 steps of the call tracker, timer included")
  func callTracker() async {
    let explorer = Explorer(initialState: CallState.none, wishes: .cases, invariants: []) {
      clock in
      CallTracker(clock: clock)
    }
    let started = ContinuousClock.now
    let report = await explorer.run(budget: .sequences(10_000))
    let elapsed = started.duration(to: .now)
    print("explore: \(report.sequences) sequences, \(report.steps) steps in \(elapsed)")
    #expect(report.steps == 200_000)
  }

  @Test("10,000 sequences of 20 steps of the paginator, page loads included")
  func paginator() async {
    let explorer = Explorer(
      initialState: PaginationState(),
      wishes: .one(of: [Gen.bool.map { .load(isNextPage: $0) }, .constant(.refresh)]),
      invariants: []
    ) { clock in
      Paginator(
        source: InMemoryPageSource(
          catalog: .seeded(itemCount: 6, pageSize: 2), latency: .seconds(1), clock: clock))
    }
    let started = ContinuousClock.now
    let report = await explorer.run(budget: .sequences(10_000))
    let elapsed = started.duration(to: .now)
    print("explore: \(report.sequences) sequences, \(report.steps) steps in \(elapsed)")
    #expect(report.steps == 200_000)
  }
}
