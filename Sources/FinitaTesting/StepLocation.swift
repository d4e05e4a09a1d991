import CustomDump
import Finita
import IssueReporting

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
  /// The one place a failure leaves the tester: IssueReporting hands it to Swift Testing or
  /// XCTest, whichever runs the test, at the step's line.
  func report(_ message: String, at location: StepLocation) {
    reportIssue(
      message,
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
  }

  /// A value on one line, as failure messages show it.
  func describe(_ value: some Any) -> String {
    var text = ""
    customDump(value, to: &text, maxDepth: 2)
    return text.replacingOccurrences(of: "\n", with: " ")
  }
}
