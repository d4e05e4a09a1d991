import Finita

extension Recording {
  /// The steps as a test plays them again with FinitaTesting's
  /// `FeatureTester.replay(_:fileID:filePath:line:column:)`: each step's stage, time, wish,
  /// new state and news, oldest first.
  ///
  /// ```swift
  /// let recording = try Recording<CallTracker>(jsonLines: attachment)
  /// let tester = FeatureTester(
  ///   initialState: recording.header.initialState, startsImmediately: false
  /// ) { clock in
  ///   CallTracker(clock: clock, api: .stub)
  /// }
  /// await tester.replay(recording.testSteps)
  /// await tester.finish()
  /// ```
  ///
  /// A tuple of the engine's types, the form `FeatureTester.ReplayedStep` has, so that neither
  /// module needs the other: FinitaTesting depends on `Finita` only, and an app that records
  /// does not link a test framework.
  public var testSteps:
    [(
      stage: FeatureStage, time: Duration, wish: Definition.Wish?, state: Definition.State?,
      news: Definition.News?
    )]
  {
    steps.map { ($0.stage, $0.time, $0.wish, $0.state, $0.news) }
  }
}
