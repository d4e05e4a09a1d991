extension FeatureConfiguration {
  /// Reports `error` as the engine reports an unhandled error of asynchronous work: to
  /// ``onUnhandledError``, or else to standard error. For modules of this package that report
  /// synchronously, such as a running automaton's undefined events.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - source: What produced it, such as `"action pause"`.
  package func reportUnhandled(_ error: any Error, source: String) {
    let failure = UnhandledEffectError(underlying: error, featureName: name, source: source)
    if let onUnhandledError {
      onUnhandledError(failure)
    } else {
      printToStandardError("[Finita] \(failure.description)")
    }
  }
}
