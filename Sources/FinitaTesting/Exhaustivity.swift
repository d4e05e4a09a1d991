/// How strictly a ``FeatureTester`` checks.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, received effect and news must be asserted, and no work may be running
  /// at the end.
  case on
  /// Only what the test asserts is checked: the assertion closure is applied to the actual
  /// state, received effects may be skipped, and unasserted news and running work are ignored.
  case off
}
