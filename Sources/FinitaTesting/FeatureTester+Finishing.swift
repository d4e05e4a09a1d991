import Finita

// The end of a test, and the exhaustivity checks that run before each step and at the end.
extension FeatureTester {
  /// Ends the test: checks that every effect and news was asserted and that no work is still
  /// running, then disposes the feature.
  ///
  /// - Parameters:
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    settings.withLock { $0.isFinished = true }
    checkEnd(at: location, context: "the end of the test")
    feature.dispose()
  }

  /// Fails on effects and news left unasserted, and drops them so they are reported once.
  func failIfUnasserted(before context: String, at location: StepLocation) {
    let (received, news) = record.withLock { ($0.received, $0.news) }
    if !received.isEmpty {
      let list = received.map { "  • \(describe($0.effect))" }.joined(separator: "\n")
      report(
        "\(received.count) received effect(s) must be asserted with receive(_:) before "
          + "\(context):\n\(list)",
        at: location
      )
    }
    if !news.isEmpty {
      let list = news.map { "  • \(describe($0))" }.joined(separator: "\n")
      report(
        "\(news.count) news must be asserted with expectNews(_:) before \(context):\n\(list)",
        at: location
      )
    }
    record.withLock { record in
      record.received = []
      record.news = []
    }
  }

  /// The exhaustive end checks: nothing unasserted, nothing running.
  func checkEnd(at location: StepLocation, context: String) {
    guard exhaustivity == .on else { return }
    failIfUnasserted(before: context, at: location)
    let running = feature.inFlightEffectDescriptions
    if !running.isEmpty {
      let list = running.map { "  • \($0)" }.joined(separator: "\n")
      report(
        """
        \(running.count) effect(s) still running at \(context):
        \(list)

        Let them finish with advance(by:) and receive(_:), cancel them with Effects.cancel(id:), \
        or use exhaustivity .off to ignore them.
        """,
        at: location
      )
    }
  }

  /// What is still running, for a `receive` that found no effect: a hint to advance the clock
  /// when all of it sleeps there, otherwise a word that the step waited for it until the test's
  /// time limit (or another cancellation) stopped it.
  func runningWorkNote() -> String {
    let running = feature.inFlightEffectDescriptions
    guard !running.isEmpty else { return " No effect is running." }
    let list = running.map { "  • \($0)" }.joined(separator: "\n")
    let hint =
      executor != nil && awaitsMoreThanTheClock()
      ? "The step waited for work that waits on something other than the clock until the "
        + "test's time limit (or another cancellation) stopped it."
      : "Did the test forget to advance(by:) the clock?"
    return " Still running:\n\(list)\n\(hint)"
  }
}
