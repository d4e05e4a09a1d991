#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#else
  import Foundation
#endif

extension StepLocation {
  /// Fails the running test at this step: through Swift Testing when a Swift Testing test is
  /// running, else through XCTest, else (no test framework in the toolchain) on standard error.
  ///
  /// - Parameter message: What went wrong.
  func recordIssue(_ message: String) {
    #if canImport(Testing)
      // `Test.current` is a task-local value: set inside a Swift Testing test and in the tasks
      // it starts, `nil` under XCTest.
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: "\(fileID)",
            filePath: "\(filePath)",
            line: Int(line),
            column: Int(column)
          )
        )
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: filePath, line: line)
    #else
      let text = "\(fileID):\(line):\(column): error: \(message)\n"
      FileHandle.standardError.write(Data(text.utf8))
    #endif
  }
}
