import Finita

// The step that moves virtual time.
extension FeatureTester {
  /// Moves the virtual clock forward, running everything that falls due, in order, and waiting
  /// for the resulting effects to be reduced.
  ///
  /// - Parameters:
  ///   - duration: How far to move time.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await advance(
      by: duration,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Moving time cannot fail today; the location is kept so every step has the same shape.
  func advance(by duration: Duration, at location: StepLocation) async {
    await settle()
    // Resuming a task of the feature's work enqueues it on the tester's executor before
    // `resume()` returns, so each settle waits for the woken work.
    await clock.advance(by: duration) { await self.settle() }
  }
}
