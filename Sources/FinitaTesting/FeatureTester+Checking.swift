import Finita

// The comparison of an expected state with the actual one, shared by every step.
extension FeatureTester {
  /// Applies the test's closure to the state before the step (exhaustive) or to the actual state
  /// (non-exhaustive) and reports a `-`/`+` diff when the result differs from the actual state.
  func check(
    before: State,
    after: State,
    _ updateExpected: ((inout State) throws -> Void)?,
    context: String,
    at location: StepLocation
  ) {
    var expected = exhaustivity == .on ? before : after
    do {
      try updateExpected?(&expected)
    } catch {
      report("The assertion closure threw \(error) while \(context).", at: location)
      return
    }
    guard expected != after else { return }
    let difference = difference(expected, after)
    let headline =
      updateExpected == nil
      ? "The state was not expected to change after \(context), but it did:"
      : "The state after \(context) is not the expected one:"
    report("\(headline) (− expected, + actual)\n\n\(difference)", at: location)
  }
}
