#if Spec
  /// One problem found in a spec: what, where, and how to fix it.
  ///
  /// Its ``description`` has the compiler's format, so editors and CI annotate the line:
  ///
  /// ```
  /// Specs/turnstile.yaml:12:18: error: transition goes to undeclared state 'unlockd'; declare it \
  /// under 'states' or fix the name (did you mean 'unlocked'?)
  /// ```
  public struct SpecDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
      /// The spec cannot be used: nothing is generated.
      case error
      /// The spec can be used, but something looks wrong.
      case warning
    }

    /// The kind of problem, matched in `catch` and in tests.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
      internal enum Storage: String, Sendable, Hashable {
        case syntax
        case unknownKey
        case missingKey
        case wrongType
        case duplicate
        case undeclared
        case invalidIdentifier
        case keyword
        case unsupportedType
        case unreachableState
        case deadEndState
        case nondeterministic
        case unhandledEvent
        case unsupportedVersion
        case unreadable
      }

      internal let storage: Storage

      /// The file is not well-formed YAML or JSON.
      public static var syntax: Self { Self(storage: .syntax) }
      /// A key the schema does not know.
      public static var unknownKey: Self { Self(storage: .unknownKey) }
      /// A key the schema requires is missing.
      public static var missingKey: Self { Self(storage: .missingKey) }
      /// A value of the wrong shape: a list where a name was expected, and so on.
      public static var wrongType: Self { Self(storage: .wrongType) }
      /// A name or key declared twice.
      public static var duplicate: Self { Self(storage: .duplicate) }
      /// A name used but not declared.
      public static var undeclared: Self { Self(storage: .undeclared) }
      /// A name that is not an identifier in Swift or Kotlin.
      public static var invalidIdentifier: Self { Self(storage: .invalidIdentifier) }
      /// A name that is a keyword in Swift or Kotlin.
      public static var keyword: Self { Self(storage: .keyword) }
      /// A payload type the generators do not support.
      public static var unsupportedType: Self { Self(storage: .unsupportedType) }
      /// A state that no path from the initial state reaches.
      public static var unreachableState: Self { Self(storage: .unreachableState) }
      /// A state that is not final and has no way out.
      public static var deadEndState: Self { Self(storage: .deadEndState) }
      /// Two transitions that compete for the same state and event.
      public static var nondeterministic: Self { Self(storage: .nondeterministic) }
      /// An event that no transition handles.
      public static var unhandledEvent: Self { Self(storage: .unhandledEvent) }
      /// A spec version this tool does not read.
      public static var unsupportedVersion: Self { Self(storage: .unsupportedVersion) }
      /// The file could not be read.
      public static var unreadable: Self { Self(storage: .unreadable) }

      /// The code's name, such as `unknownKey`.
      public var description: String { storage.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// How serious it is.
    public let severity: Severity
    /// Where it is.
    public let location: SpecLocation
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - severity: How serious it is; an error by default.
    ///   - location: Where it is.
    ///   - message: What is wrong and how to fix it.
    public init(
      _ code: Code, severity: Severity = .error, at location: SpecLocation, _ message: String
    ) {
      self.code = code
      self.severity = severity
      self.location = location
      self.message = message
    }

    /// `file:line:column: error: message`, the compiler's format.
    public var description: String {
      "\(location): \(severity.rawValue): \(message)"
    }
  }

  /// The problems that make a spec unusable, all of them at once.
  ///
  /// ```swift
  /// do {
  ///   let spec = try SpecReader.read(contentsOf: "Specs/turnstile.yaml")
  /// } catch let error as SpecError {
  ///   for diagnostic in error.diagnostics { print(diagnostic) }
  /// }
  /// ```
  public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem found, errors and warnings, in file order.
    public let diagnostics: [SpecDiagnostic]

    /// Creates an error from its diagnostics.
    ///
    /// - Parameter diagnostics: The problems found.
    public init(diagnostics: [SpecDiagnostic]) {
      self.diagnostics = diagnostics
    }

    /// One diagnostic a line.
    public var description: String {
      diagnostics.map(\.description).joined(separator: "\n")
    }
  }
#endif  // Spec
