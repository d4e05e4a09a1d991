import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a suite that holds thread tests: 10 minutes.
  ///
  /// A thread test waits for its turn (``ThreadTestTurns``) behind every thread test that asked
  /// before it, and its time limit runs meanwhile; under ThreadSanitizer on a slow machine the
  /// line is minutes long. A suite of quick tests keeps a limit of a minute.
  package static var threadTestsTimeLimit: Self { .timeLimit(.minutes(10)) }
}
