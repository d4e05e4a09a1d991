/// Where a feature's stages go: the package's own hook (the testing module's), then the
/// interceptors, each with a ``FeatureEvent``. The core hands it every stage through
/// ``emit(_:)``, the one place stages fan out from.
///
/// A feature that nothing observes has no trace, and its core checks one optional per stage.
@usableFromInline
final class FeatureTrace<Definition: FeatureDefinition>: Sendable {
  /// The package's own hook; `nil` when only interceptors trace.
  @usableFromInline let hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?
  /// The feature's description, which its events show.
  @usableFromInline let info: FeatureInfo
  /// The interceptors called at each stage: the definition's own first, then the
  /// configuration's, then the installed ones.
  @usableFromInline let interceptors: [any FeatureInterceptor]

  @inlinable
  init(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    info: FeatureInfo,
    interceptors: [any FeatureInterceptor]
  ) {
    self.hook = hook
    self.info = info
    self.interceptors = interceptors
  }

  /// The trace of a feature of `definition` created with `configuration` and the package's
  /// `hook`: `nil`, and free, when there is neither a hook nor an interceptor.
  @inlinable
  static func make(
    hook: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    configuration: FeatureConfiguration,
    definition: Definition
  ) -> FeatureTrace? {
    let own = (definition as? any WrappingDefinition)?.interceptors ?? []
    if hook == nil, own.isEmpty, configuration.interceptors.isEmpty,
      FeatureInterceptors.isEmpty
    {
      return nil
    }
    let info = FeatureInfo(
      id: FeatureIdentity.next(),
      name: configuration.name,
      definitionType: (Definition.self as? any WrappingDefinition.Type)?.baseDefinitionType
        ?? Definition.self
    )
    // The definition's own interceptor comes first, like one attached before the others.
    let interceptors =
      own + configuration.interceptors + FeatureInterceptors.interceptors(for: info)
    if hook == nil, interceptors.isEmpty { return nil }
    return FeatureTrace(hook: hook, info: info, interceptors: interceptors)
  }

  /// Hands one stage to the hook, then to the interceptors.
  @inlinable
  func emit(_ payload: FeatureTraceEvent<Definition>) {
    hook?(payload)
    if interceptors.isEmpty { return }
    let event = FeatureEvent(feature: info, payload: payload)
    for interceptor in interceptors { interceptor.intercept(event) }
  }
}
