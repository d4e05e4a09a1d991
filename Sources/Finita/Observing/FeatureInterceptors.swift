/// The interceptors installed for every feature created from now on, as MVICore's middleware
/// configurations are.
///
/// ```swift
/// // At launch, in debug builds:
/// FeatureInterceptors.install(MyLogger(), for: .named)
/// ```
///
/// A feature takes the interceptors that match it when it is created, and keeps them: installing
/// or uninstalling later changes only features created after. Interceptors given in
/// ``FeatureConfiguration/interceptors`` are called first, then the installed ones in the order
/// they were installed.
public enum FeatureInterceptors {
  /// Installs `interceptor` for every feature created from now on that `filter` selects.
  ///
  /// - Parameters:
  ///   - interceptor: What sees the features' stages.
  ///   - filter: Which features; every feature by default.
  /// - Returns: A token that uninstalls the interceptor; it stays installed if you drop it.
  @discardableResult
  public static func install(
    _ interceptor: any FeatureInterceptor,
    for filter: FeatureFilter = .all
  ) -> InstalledInterceptor {
    let token = InstalledInterceptor()
    installed.withLock {
      $0.append(Installation(interceptor: interceptor, filter: filter, token: token))
    }
    return token
  }

  /// Uninstalls every installed interceptor.
  public static func uninstallAll() {
    installed.withLock { $0 = [] }
  }

  /// The number of installed interceptors.
  public static var count: Int {
    installed.withLock { $0.count }
  }

  /// The installed interceptors that apply to `feature`, in installation order.
  ///
  /// - Parameter feature: The feature being created.
  /// - Returns: The interceptors whose filter selects it.
  public static func interceptors(for feature: FeatureInfo) -> [any FeatureInterceptor] {
    let all = installed.withLock { $0 }
    return all.filter { $0.filter.selects(feature) }.map(\.interceptor)
  }

  static func uninstall(_ token: InstalledInterceptor) {
    installed.withLock { list in list.removeAll { $0.token === token } }
  }

  /// Whether any interceptor is installed: read when a feature is created.
  @usableFromInline
  static var isEmpty: Bool {
    installed.withLock { $0.isEmpty }
  }

  private struct Installation {
    let interceptor: any FeatureInterceptor
    let filter: FeatureFilter
    let token: InstalledInterceptor
  }

  private static let installed = LockedValue<[Installation]>([])
}

/// An interceptor installed with ``FeatureInterceptors/install(_:for:)``.
public final class InstalledInterceptor: Sendable {
  init() {}

  /// Uninstalls the interceptor: features created from now on do not get it. Features that
  /// already have it keep it. Calling it again does nothing.
  public func uninstall() {
    FeatureInterceptors.uninstall(self)
  }
}

/// Which features an installed interceptor applies to.
public struct FeatureFilter: Sendable {
  private let predicate: @Sendable (FeatureInfo) -> Bool

  /// A filter that selects the features for which `predicate` returns `true`.
  ///
  /// - Parameter predicate: Decides for each feature when it is created.
  public init(_ predicate: @escaping @Sendable (FeatureInfo) -> Bool) {
    self.predicate = predicate
  }

  /// Whether the filter selects `feature`.
  ///
  /// - Parameter feature: A feature.
  /// - Returns: `true` when the interceptor applies to it.
  public func selects(_ feature: FeatureInfo) -> Bool {
    predicate(feature)
  }

  /// Every feature.
  public static let all = FeatureFilter { _ in true }

  /// Every feature that has a name (``FeatureConfiguration/name``): unnamed ones are left alone.
  public static let named = FeatureFilter { $0.name != nil }

  /// The features with one of these names.
  ///
  /// - Parameter names: The names.
  /// - Returns: The filter.
  public static func named(_ names: String...) -> FeatureFilter {
    let names = Set(names)
    return FeatureFilter { feature in feature.name.map(names.contains) ?? false }
  }

  /// The features of one definition type (an automaton's, a store's, or your own).
  ///
  /// - Parameter type: The definition type.
  /// - Returns: The filter.
  public static func type<Definition: FeatureDefinition>(
    _ type: Definition.Type
  ) -> FeatureFilter {
    FeatureFilter { $0.definitionType == type }
  }
}
