/// Which feature an event comes from: its name, its definition's type and an identifier that
/// tells two instances of the same type apart.
public struct FeatureInfo: Hashable, Sendable, CustomStringConvertible {
  /// A number unique to this feature among the features of this process.
  public let id: UInt64
  /// The name from ``FeatureConfiguration/name``, if it has one.
  public let name: String?
  /// The definition's type, as `String(reflecting:)` prints it (for example
  /// `MyApp.Paginator`).
  public let typeName: String
  /// The definition's type.
  public let definitionType: any FeatureDefinition.Type

  /// Creates a description of a feature.
  ///
  /// - Parameters:
  ///   - id: A number unique to the feature.
  ///   - name: Its name, if any.
  ///   - definitionType: Its definition's type.
  public init(id: UInt64, name: String?, definitionType: any FeatureDefinition.Type) {
    self.id = id
    self.name = name
    self.definitionType = definitionType
    typeName = String(reflecting: definitionType)
  }

  /// The name when there is one, otherwise the type's name without its module.
  public var displayName: String {
    name ?? String(typeName.split(separator: ".").last ?? Substring(typeName))
  }

  /// `name#id`, for logs.
  public var description: String { "\(displayName)#\(id)" }

  /// Whether two values describe the same feature.
  ///
  /// - Parameters:
  ///   - lhs: A feature.
  ///   - rhs: Another feature.
  /// - Returns: `true` when both have the same ``id``.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the feature's ``id``.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Asynchronous work a feature runs: one `run`, sequence or delayed effect, or the part of a
/// concatenation that had to wait, or the Bootstrapper's work.
public struct WorkInfo: Hashable, Sendable, CustomStringConvertible {
  /// A number unique to this work within its feature.
  public let id: UInt64
  /// The name given to the effect, if any.
  public let name: String?
  /// Whether the Bootstrapper started it (otherwise an action did).
  public let isBootstrapper: Bool

  /// Creates a description of some work.
  ///
  /// - Parameters:
  ///   - id: A number unique within the feature.
  ///   - name: Its name, if any.
  ///   - isBootstrapper: Whether the Bootstrapper started it.
  public init(id: UInt64, name: String?, isBootstrapper: Bool) {
    self.id = id
    self.name = name
    self.isBootstrapper = isBootstrapper
  }

  /// `work#id "name"`, for logs.
  public var description: String {
    "work#\(id)" + (name.map { " \"\($0)\"" } ?? "")
  }
}

/// Hands out ``FeatureInfo/id`` numbers.
@usableFromInline
enum FeatureIdentity {
  private static let last = LockedValue<UInt64>(0)

  @usableFromInline
  static func next() -> UInt64 {
    last.withLock { value in
      value += 1
      return value
    }
  }
}

extension Feature {
  /// How interceptors know this feature: the ``FeatureInfo`` of its events, or `nil` when no
  /// interceptor sees it (none was compiled into its definition, given in its configuration or
  /// installed when it was created).
  ///
  /// A tool that streams features and also takes commands for one (the inspector's client) binds
  /// the commands to this feature by its ``FeatureInfo/id``, not by its type and name, which
  /// features may share.
  package var interceptedInfo: FeatureInfo? {
    core.trace?.info
  }
}
