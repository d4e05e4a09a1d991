/// How a ``Feature`` runs: its name in reports, where it processes, and what happens to errors
/// nobody handled.
public struct FeatureConfiguration: Sendable {
  /// Where a feature runs its Actor, Reducer, NewsPublisher, PostProcessor and observers.
  public struct Isolation: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Hashable {
      case caller
      case mainActor
    }

    let kind: Kind

    /// On whichever thread finds the feature idle (the default). Processing is still
    /// serialized: only one thread processes at a time.
    public static let caller = Isolation(kind: .caller)

    /// Only on the main actor, for features that drive UI. Wishes and effects sent from other
    /// threads are queued and processed on the main actor shortly after.
    public static let mainActor = Isolation(kind: .mainActor)

    /// A readable name: `caller` or `mainActor`.
    public var description: String {
      switch kind {
      case .caller: "caller"
      case .mainActor: "mainActor"
      }
    }
  }

  /// The feature's name, used in error reports and logs.
  public var name: String?

  /// Where the feature processes.
  public var isolation: Isolation

  /// Receives errors thrown by asynchronous effect or bootstrapper work that neither a `catch`
  /// handler nor ``FeatureDefinition/effect(for:from:)`` turned into an effect.
  ///
  /// When `nil`, such errors are printed to standard error with the feature's name and the
  /// action that caused them.
  public var onUnhandledError: (@Sendable (UnhandledEffectError) -> Void)?

  /// Interceptors that see every stage of this feature, called before the ones installed with
  /// ``FeatureInterceptors/install(_:for:)``. Read once, when the feature is created.
  public var interceptors: [any FeatureInterceptor]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - name: The feature's name, for reports and logs.
  ///   - isolation: Where the feature processes; ``Isolation/caller`` by default.
  ///   - interceptors: Interceptors for this feature alone; see ``FeatureInterceptor``.
  ///   - onUnhandledError: Receives errors nobody handled; `nil` prints them.
  public init(
    name: String? = nil,
    isolation: Isolation = .caller,
    interceptors: [any FeatureInterceptor] = [],
    onUnhandledError: (@Sendable (UnhandledEffectError) -> Void)? = nil
  ) {
    self.name = name
    self.isolation = isolation
    self.interceptors = interceptors
    self.onUnhandledError = onUnhandledError
  }
}

/// An error thrown by asynchronous work of a feature that nothing turned into an effect.
public struct UnhandledEffectError: Error, CustomStringConvertible {
  /// The error that was thrown.
  public let underlying: any Error
  /// The name of the feature, when it has one.
  public let featureName: String?
  /// A description of the action whose work threw, or `"bootstrapper"`.
  public let source: String

  /// Explains what happened and how to handle it.
  public var description: String {
    let feature = featureName.map { "feature \"\($0)\"" } ?? "a feature"
    return """
      Unhandled error in \(feature): the work started by \(source) threw \(underlying). \
      Handle it with a `catch` handler on `Effects.run`, return an effect from \
      `effect(for:from:)`, or set `FeatureConfiguration.onUnhandledError`.
      """
  }
}
