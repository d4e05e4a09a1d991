import Dispatch
import Finita
import FinitaFixtures
import FinitaTesting
import Foundation
import Testing

/// The tester settles once all of the feature's work is suspended, seen by the executor the
/// work runs on: no part that can still run is taken for settled, and work resumed by a thread
/// of its own is waited for by `receive`.
@Suite("FeatureTester waits until all the work is suspended", .timeLimit(.minutes(1)))
struct SuspendedWorkTests {
  /// A suspended work's continuation and its `send`, handed to the test to use from a thread
  /// of its own.
  final class Handoff: Sendable {
    typealias Kept = (continuation: CheckedContinuation<String, Never>, send: Send<String>)
    private let kept = Locked<Kept?>(nil)

    func keep(_ continuation: CheckedContinuation<String, Never>, _ send: Send<String>) {
      kept.set((continuation, send))
    }

    func take() -> Kept? {
      kept.modify { kept in
        defer { kept = nil }
        return kept
      }
    }
  }

  struct Probe: FeatureDefinition {
    typealias State = [String]
    enum Wish: Sendable {
      case burst, ask, tell, threads
      case wait(Gate)
      case sleep
    }
    typealias Effect = String

    let clock: VirtualClock
    var handoff = Handoff()
    var ended = Recorder<String>()
    /// The tester's executor, given once the tester is made.
    var executor = Locked<WorkExecutor?>(nil)

    func act(_ state: [String], _ action: Wish) -> Effects<String> {
      switch action {
      case .burst:
        // One work of two parts: one sleeps on the clock while the other sends three effects,
        // yielding before each.
        .concatenate(
          .just("go"),
          .merge(
            .delayed("late", by: .seconds(1), clock: clock),
            .run { send in
              for text in ["1", "2", "3"] {
                await Task.yield()
                send(text)
              }
            }
          )
        )
      case .ask:
        .run { [handoff] send in
          let answer = await withCheckedContinuation { handoff.keep($0, send) }
          send(answer)
        }
      case .tell:
        // Waits for the test to resume it; meanwhile the test sends on its own thread.
        .run { [handoff] send in
          _ = await withCheckedContinuation { handoff.keep($0, send) }
        }
      case .threads:
        .merge(
          .run { [executor] send in send("task: \(placement(executor))") },
          .concatenate(
            .just("threads"),
            .merge(
              .run { [executor] send in send("child: \(placement(executor))") },
              .run { [executor] send in send("cancellable: \(placement(executor))") }
                .cancellable(id: "part")
            )
          )
        )
      case .wait(let gate):
        .run { [ended] send in
          defer { ended.append("gate") }
          await gate.wait()
          send("opened")
        }
      case .sleep:
        .run { [ended, clock] send in
          defer { ended.append("clock") }
          try await clock.sleep(for: .seconds(5))
          send("woke")
        }
      }
    }

    func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
  }

  /// Where the caller runs: on the thread of `executor`, the tester's, or elsewhere.
  static func placement(_ executor: Locked<WorkExecutor?>) -> String {
    executor.value?.isCurrentThread == true ? "on the tester's thread" : "elsewhere"
  }

  /// Yields until `condition` holds: for a test that must act only once the tester waits.
  static func waitUntil(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }

  @Test("a part asleep on the clock does not hide another part's three effects, 200 times")
  func mergeBesideASleeper() async {
    for _ in 0..<200 {
      let tester = FeatureTester(initialState: []) { clock in Probe(clock: clock) }
      await tester.send(.burst) { $0 = ["go"] }
      await tester.receive("1") { $0 = ["go", "1"] }
      await tester.receive("2") { $0 = ["go", "1", "2"] }
      await tester.receive("3") { $0 = ["go", "1", "2", "3"] }
      await tester.advance(by: .seconds(1))
      await tester.receive("late") { $0 = ["go", "1", "2", "3", "late"] }
      await tester.finish()
    }
  }

  @Test("work resumed from another thread after receive began waiting is received")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func resumedFromAnotherThread() async throws {
    let probe = Probe(clock: VirtualClock())
    let tester = FeatureTester(initialState: []) { _ in probe }
    let executor = try #require(tester.executor)
    await tester.send(.ask)
    let resumer = Task.detached {
      await Self.waitUntil { executor.waiterCounts.busy == 1 }
      let kept = probe.handoff.take()
      DispatchQueue.global().async { kept?.continuation.resume(returning: "answer") }
    }
    await tester.receive("answer") { $0 = ["answer"] }
    await resumer.value
    await tester.finish()
  }

  @Test("an effect sent from another thread while the work stays suspended is received")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func sentFromAnotherThread() async throws {
    let probe = Probe(clock: VirtualClock())
    let tester = FeatureTester(initialState: []) { _ in probe }
    let executor = try #require(tester.executor)
    await tester.send(.tell)
    let kept = Locked<Handoff.Kept?>(nil)
    let sender = Task.detached {
      await Self.waitUntil { executor.waiterCounts.busy == 1 }
      kept.set(probe.handoff.take())
      let send = kept.value?.send
      DispatchQueue.global().async { send?("told") }
    }
    await tester.receive("told") { $0 = ["told"] }
    await sender.value
    kept.value?.continuation.resume(returning: "")
    await tester.finish()
  }

  @Test("a receive that waits on work nobody resumes fails when its task is cancelled")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func cancelledReceive() async throws {
    let gate = Gate()
    let tester = FeatureTester(initialState: []) { clock in Probe(clock: clock) }
    let executor = try #require(tester.executor)
    await tester.send(.wait(gate))
    // A time limit cancels the test's task the same way.
    let receiving = Task {
      await withKnownIssue {
        await tester.receive("opened")
      } matching: { issue in
        issue.description.contains("no effect arrived")
          && issue.description.contains("started by action wait")
          && issue.description.contains("until the test's time limit")
      }
    }
    await Self.waitUntil { executor.waiterCounts.busy == 1 }
    receiving.cancel()
    await receiving.value
    gate.open()
    await tester.receive("opened") { $0 = ["opened"] }
    await tester.finish()
  }

  @Test("the feature's tasks, their child tasks and cancellable parts run on the tester's thread")
  func workRunsOnTheExecutor() async {
    let probe = Probe(clock: VirtualClock())
    let tester = FeatureTester(initialState: []) { _ in probe }
    probe.executor.set(tester.executor)
    tester.exhaustivity = .off
    await tester.send(.threads) { $0 = ["threads"] }
    await tester.skipUnasserted()
    #expect(
      tester.state.sorted() == [
        "cancellable: on the tester's thread", "child: on the tester's thread",
        "task: on the tester's thread", "threads",
      ])
    await tester.finish()
  }

  @Test("disposing while work sleeps on the clock and waits on a gate ends both")
  func disposeWhileSuspended() async {
    let probe = Probe(clock: VirtualClock())
    let tester = FeatureTester(initialState: []) { _ in probe }
    await tester.send(.wait(Gate()))
    await tester.send(.sleep)
    #expect(tester.feature.inFlightEffectCount == 2)
    tester.feature.dispose()
    await probe.ended.waitFor(count: 2)
    #expect(Set(probe.ended.values) == ["gate", "clock"])
    #expect(tester.state.isEmpty)
    await tester.finish()
  }

  @Test("releasing the tester while work is suspended ends the work and the tester's thread")
  func releaseWhileSuspended() async {
    let ended = Recorder<String>()
    do {
      let tester = FeatureTester(initialState: []) { clock in
        Probe(clock: clock, ended: ended)
      }
      tester.exhaustivity = .off
      await tester.send(.wait(Gate()))
      await tester.send(.sleep)
    }
    await ended.waitFor(count: 2)
    #expect(Set(ended.values) == ["gate", "clock"])
  }
}

/// The settling of systems without task executors (before macOS 15 and iOS 18), run here by
/// leaving the work on the global executor: it keeps the pinned behaviour, bounded by yields.
@Suite("FeatureTester without a task executor", .timeLimit(.minutes(1)))
struct SettlingWithoutExecutorTests {
  typealias Listener = UnendingWorkTests.Listener

  @Test("work asleep on the clock does not block a step; a woken sleep is received")
  func asleepOnTheClock() async {
    let tester = FeatureTester(initialState: [], runsWorkOnExecutor: false) { clock in
      Listener(clock: clock, gate: Gate())
    }
    #expect(tester.executor == nil)
    await tester.send(.remind)
    await tester.send(.remind)
    await tester.advance(by: .seconds(10))
    await tester.receive("reminded") { $0 = ["reminded"] }
    await tester.receive("reminded") { $0 = ["reminded", "reminded"] }
    await tester.finish()
  }

  @Test("work that never ends lets the steps go on and is named at the end")
  func neverEnds() async {
    let tester = FeatureTester(initialState: [], runsWorkOnExecutor: false) { clock in
      Listener(clock: clock, gate: Gate())
    }
    await tester.send(.listen)
    await tester.send(.remind)
    await tester.advance(by: .seconds(10))
    await tester.receive("reminded") { $0 = ["reminded"] }
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.description.contains("1 effect(s) still running at the end of the test")
    }
  }
}
