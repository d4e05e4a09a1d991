/// A definition that reports errors itself, synchronously, to a configuration's unhandled-error
/// handler (a running automaton's undefined events, say), and so needs the configuration of the
/// feature that runs it.
///
/// A ``Feature`` hands its own configuration to such a definition when it is created, so a user
/// configures error reporting once, on the feature.
package protocol ReportingDefinition: FeatureDefinition {
  /// This definition, reporting where `configuration` says unless it was told otherwise.
  ///
  /// - Parameter configuration: The configuration of the feature that runs the definition.
  /// - Returns: The definition to run.
  func reporting(to configuration: FeatureConfiguration) -> Self
}

extension FeatureDefinition {
  /// This definition as a feature with `configuration` runs it: told the configuration when it
  /// is a ``ReportingDefinition``, unchanged otherwise.
  ///
  /// Called once, when a feature is created. The type is checked first, so that the common
  /// definition, which does not report, is not copied into an existential box.
  @usableFromInline
  package func reportingIfNeeded(to configuration: FeatureConfiguration) -> Self {
    guard Self.self is any ReportingDefinition.Type,
      let reporting = self as? any ReportingDefinition
    else { return self }
    guard let definition = reporting.reporting(to: configuration) as? Self else {
      preconditionFailure("Internal inconsistency: a definition reported as another type")
    }
    return definition
  }
}
