import Finita

/// Where a step of a test is written: the four values every public step of ``FeatureTester``
/// takes as default arguments, kept together from the public method down to the one function
/// that reports a failure.
///
/// The public methods keep the four parameters (not Swift Testing's `SourceLocation`) because
/// XCTest needs the file path as a `StaticString`; see "Where failures are reported" in the
/// Testing article.
struct StepLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

extension FeatureTester {
  /// The one place a failure leaves the tester: Swift Testing or XCTest, whichever runs the
  /// test, records it at the step's line.
  func report(_ message: String, at location: StepLocation) {
    location.recordIssue(message)
  }

  /// A value on one line, as failure messages show it, two levels deep.
  func describe(_ value: some Any) -> String {
    ValueDump(maxDepth: 2).line(of: value)
  }

  /// The `−`/`+` lines of an expected value and the actual one, which are not equal.
  func difference(_ expected: some Any, _ actual: some Any) -> String {
    LineDiff.values(expected: expected, actual: actual)
  }
}
