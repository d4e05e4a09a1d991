import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// How the tester waits for a feature's work: until every task is done or asleep on the
/// tester's clock, told apart by task, not by counting.
@Suite("FeatureTester waits for the work it can see", .timeLimit(.minutes(1)))
struct SettlingTests {
  struct Mixed: FeatureDefinition {
    typealias State = [String]
    enum Wish: Sendable { case go }
    typealias Effect = String

    let clock: VirtualClock
    let gate: Gate

    func act(_ state: [String], _ action: Wish) -> Effects<String> {
      .merge(
        // One task whose two parts both sleep on the clock: two sleepers, one piece of work.
        .concatenate(
          .just("started"),
          .merge(
            .delayed("a", by: .seconds(1), clock: clock),
            .delayed("b", by: .seconds(2), clock: clock)
          )
        ),
        // Another task waiting for something else than the clock.
        .run { [gate] send in
          await gate.wait()
          send("io")
        }
      )
    }

    func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
  }

  @Test("work waiting on I/O is not settled because other work sleeps on the clock")
  func ioBesideSleepers() async {
    let gate = Gate()
    let tester = FeatureTester(initialState: []) { clock in Mixed(clock: clock, gate: gate) }
    // Opens the gate only once both sleeps started: then two tasks run and two sleep, which
    // counting alone would read as settled.
    let opener = Task { [clock = tester.clock] in
      await clock.waitForSleeps(2)
      gate.open()
    }
    await tester.send(.go) { $0 = ["started"] }
    await tester.receive("io") { $0 = ["started", "io"] }
    await opener.value
    await tester.advance(by: .seconds(1))
    await tester.receive("a") { $0 = ["started", "io", "a"] }
    await tester.advance(by: .seconds(1))
    await tester.receive("b") { $0 = ["started", "io", "a", "b"] }
    await tester.finish()
  }

  @Test("a sleep on the clock by the test itself does not make the feature's work settled")
  func foreignSleeper() async {
    let gate = Gate()
    let tester = FeatureTester(initialState: []) { clock in Mixed(clock: clock, gate: gate) }
    // The test sleeps on the same clock: not the feature's work.
    let sleeper = Task { [clock = tester.clock] in try? await clock.sleep(for: .seconds(10)) }
    let opener = Task { [clock = tester.clock] in
      await clock.waitForSleeps(3)
      gate.open()
    }
    await tester.send(.go) { $0 = ["started"] }
    await tester.receive("io") { $0 = ["started", "io"] }
    await opener.value
    await tester.advance(by: .seconds(2))
    await tester.receive("a") { $0 = ["started", "io", "a"] }
    await tester.receive("b") { $0 = ["started", "io", "a", "b"] }
    await tester.finish()
    sleeper.cancel()
  }
}

/// What settling must keep whatever signal it waits on: work asleep on the virtual clock never
/// blocks a step, and work that never ends (and never sleeps on the clock) does not hang the
/// test but is named at its end.
@Suite("FeatureTester with work that does not end by itself", .timeLimit(.minutes(1)))
struct UnendingWorkTests {
  struct Listener: FeatureDefinition {
    typealias State = [String]
    enum Wish: Sendable { case listen, remind }
    typealias Effect = String

    let clock: VirtualClock
    let gate: Gate

    func act(_ state: [String], _ action: Wish) -> Effects<String> {
      switch action {
      case .listen:
        // Waits for something that is not the clock: here, a gate the test never opens.
        .run { [gate] send in
          await gate.wait()
          send("heard")
        }
      case .remind:
        .delayed("reminded", by: .seconds(10), clock: clock)
      }
    }

    func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
  }

  @Test("a step after work asleep on the virtual clock does not wait for the clock to move")
  func asleepOnTheClock() async {
    let tester = FeatureTester(initialState: []) { clock in
      Listener(clock: clock, gate: Gate())
    }
    await tester.send(.remind)
    await tester.send(.remind)  // settles first: the first reminder sleeps, it must not block
    await tester.advance(by: .seconds(10))
    await tester.receive("reminded") { $0 = ["reminded"] }
    await tester.receive("reminded") { $0 = ["reminded", "reminded"] }
    await tester.finish()
  }

  @Test("work that never ends lets the steps go on and is named at the end of the test")
  func neverEnds() async {
    let tester = FeatureTester(initialState: []) { clock in
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

  @Test("with exhaustivity off, work that never ends is ignored")
  func neverEndsNotExhaustive() async {
    let tester = FeatureTester(initialState: []) { clock in
      Listener(clock: clock, gate: Gate())
    }
    tester.exhaustivity = .off
    await tester.send(.listen)
    await tester.send(.remind)
    await tester.advance(by: .seconds(10))
    await tester.receive("reminded") { $0 = ["reminded"] }
    await tester.finish()
  }
}
