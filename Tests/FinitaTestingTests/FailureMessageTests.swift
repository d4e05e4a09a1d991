import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// The tester's own failures, triggered on purpose: each must fail, and say why.
@Suite("FeatureTester failure messages", .timeLimit(.minutes(1)))
struct FailureMessageTests {
  private func makeTester(
    _ customize: @escaping (inout Fixture) -> Void = { _ in }
  ) -> FeatureTester<Fixture> {
    FeatureTester(initialState: FixtureState()) { clock in
      var fixture = Fixture(clock: clock)
      customize(&fixture)
      return fixture
    }
  }

  @Test("a wrong expected state fails with a -/+ diff")
  func wrongState() async {
    let tester = makeTester()
    await withKnownIssue {
      await tester.send(.i1) { $0.counter = 103 }
    } matching: { issue in
      let text = issue.description
      return text.contains("The state after sending FixtureWish.I1 is not the expected one")
        && text.contains("−   counter: 103") && text.contains("+   counter: 102")
    }
    await tester.finish()
  }

  @Test("a state change without an assertion fails")
  func unexpectedChange() async {
    let tester = makeTester()
    await withKnownIssue {
      await tester.send(.i1)
    } matching: { issue in
      issue.description.contains("The state was not expected to change after sending")
    }
    await tester.finish()
  }

  @Test("an unexpected news fails at the next step, listing it")
  func unexpectedNews() async {
    let tester = makeTester { $0.news = { _, _, _ in .number(7) } }
    await tester.send(.i1) { $0.counter = 102 }
    await withKnownIssue {
      await tester.send(.i2) { $0.counter = 202 }
    } matching: { issue in
      issue.description.contains("1 news must be asserted with expectNews(_:) before sending")
        && issue.description.contains("FixtureNews.number(7)")
    }
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.description.contains("before the end of the test")
    }
  }

  @Test("a missing news fails")
  func missingNews() async {
    let tester = makeTester()
    await tester.send(.i1) { $0.counter = 102 }
    withKnownIssue {
      tester.expectNews(.constant)
    } matching: { issue in
      issue.description.contains("Expected news FixtureNews.constant, but no news was published.")
    }
    await tester.finish()
  }

  @Test("a wrong news fails with a diff")
  func wrongNews() async {
    let tester = makeTester { $0.news = { _, _, state in .number(state.counter) } }
    await tester.send(.i1) { $0.counter = 102 }
    withKnownIssue {
      tester.expectNews(.number(101))
    } matching: { issue in
      issue.description.contains("Published news is not the expected one")
        && issue.description.contains("+ FixtureNews.number(102)")
    }
    await tester.finish()
  }

  @Test("an effect still running at the end fails, naming it")
  func effectStillRunning() async {
    let tester = makeTester()
    await tester.send(.async(.seconds(5))) { $0.loading = true }
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.description.contains("1 effect(s) still running at the end of the test")
        && issue.description.contains("started by action A(5.0 seconds)")
    }
  }

  @Test("receiving effects in the wrong order fails with a diff of the effects")
  func wrongOrder() async {
    let tester = makeTester()
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.receive(.added(2)) { $0.counter = 102 }
    } matching: { issue in
      issue.description.contains("Received an effect other than the one expected")
        && issue.description.contains("FixtureEffect.finishedAsync(5)")
    }
    await tester.finish()
  }

  @Test("expecting an effect that never arrives fails and names what is still running")
  func nothingReceived() async {
    let tester = makeTester()
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await withKnownIssue {
      await tester.receive(.finishedAsync(5))
    } matching: { issue in
      issue.description.contains("no effect arrived")
        && issue.description.contains("Did the test forget to advance(by:) the clock?")
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.finishedAsync(5)) {
      $0.counter = 105
      $0.loading = false
    }
    await tester.finish()
  }

  @Test("an unasserted received effect fails at the end of the test")
  func unassertedReceived() async {
    let tester = makeTester()
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.description.contains("1 received effect(s) must be asserted with receive(_:)")
    }
  }

  @Test("a tester released without finish() still reports running work")
  func releasedWithoutFinish() async {
    await withKnownIssue {
      var tester: FeatureTester<Fixture>? = makeTester()
      await tester?.send(.async(.seconds(1))) { $0.loading = true }
      tester = nil
    } matching: { issue in
      issue.description.contains("the tester was released without finish()")
    }
  }
}
