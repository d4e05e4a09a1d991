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
    await clock.advance(by: duration) { woken in
      // The woken task runs for the feature: it must show itself (send, sleep again or end)
      // before the work can be judged, since other parts of its work may still sleep.
      if let woken { await self.waitForChange(after: woken.generation) }
      await self.settle()
    }
    await settle()
  }
}
