import FinitaFixtures
import FinitaTesting
import XCTest

/// The tester under XCTest: the same steps, and failures reported to XCTest at the step's line.
final class FeatureTesterXCTests: XCTestCase {
  func testStepsUnderXCTest() async {
    let tester = FeatureTester(initialState: FixtureState()) { Fixture(clock: $0) }
    await tester.send(.i1) { $0.counter = 102 }
    await tester.send(.async(.seconds(1))) { $0.loading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.finishedAsync(5)) {
      $0.counter = 107
      $0.loading = false
    }
    await tester.finish()
  }

  // Expecting a failure needs XCTExpectFailure, which XCTest has only on Apple platforms. On
  // Linux, a failing step is reported to XCTest at the step's line like any other failure.
  #if canImport(ObjectiveC)
    func testFailureIsReportedToXCTest() async {
      let tester = FeatureTester(initialState: FixtureState()) { Fixture(clock: $0) }
      await tester.send(.i1) { $0.counter = 102 }
      XCTExpectFailure("no news was published, so expecting one fails") {
        tester.expectNews(.constant)
      }
      await tester.finish()
    }
  #endif
}
