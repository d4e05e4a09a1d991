/// Everything wrong with a statechart declaration or an SCXML document, reported at once.
///
/// Nothing is built when there is an error. Each ``StatechartIssue`` says what is wrong, where
/// (line and column for imported documents) and how to fix it.
///
/// ```swift
/// do {
///   let chart = try Statechart(scxml: text)
/// } catch {
///   for issue in error.issues { print(issue) }  // "line 4, column 5: ..."
/// }
/// ```
public struct StatechartError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problems, in document order.
  public let issues: [StatechartIssue]

  /// Creates an error from its issues.
  ///
  /// - Parameter issues: The problems found; at least one.
  public init(issues: [StatechartIssue]) {
    self.issues = issues
  }

  /// Every issue, one per line.
  public var description: String {
    issues.map(\.description).joined(separator: "\n")
  }
}

/// One problem in a statechart declaration or an SCXML document.
public struct StatechartIssue: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem an issue is, so that code can match it.
  public struct Kind: Hashable, Sendable {
    internal enum Storage: Hashable, Sendable {
      case malformedDocument
      case unsupportedElement
      case unsupportedAttribute
      case invalidValue
      case misplacedElement
      case duplicateID
      case unknownTarget
      case invalidInitial
      case initialCycle
      case unreachableState
      case historyWithoutDefault
      case transitionNeverFires
    }

    internal let storage: Storage

    private init(_ storage: Storage) {
      self.storage = storage
    }

    /// The document is not well-formed XML, or is not an SCXML document.
    public static let malformedDocument = Self(.malformedDocument)
    /// An element this library does not run, such as `<script>`, `<assign>` or `<invoke>`.
    public static let unsupportedElement = Self(.unsupportedElement)
    /// An attribute this library does not run, such as `expr` or a data-model `cond`.
    public static let unsupportedAttribute = Self(.unsupportedAttribute)
    /// An attribute's value is not valid, such as a malformed delay or transition type.
    public static let invalidValue = Self(.invalidValue)
    /// An element where it is not allowed, such as a transition at the top level.
    public static let misplacedElement = Self(.misplacedElement)
    /// Two states share an id.
    public static let duplicateID = Self(.duplicateID)
    /// A transition, initial or guard names a state that does not exist.
    public static let unknownTarget = Self(.unknownTarget)
    /// An initial or history default state that is not a descendant of its state.
    public static let invalidInitial = Self(.invalidInitial)
    /// Default entries that lead back to where they started, so entering never ends.
    public static let initialCycle = Self(.initialCycle)
    /// A state no transition or initial state leads to (a warning of ``Statechart/validate()``).
    public static let unreachableState = Self(.unreachableState)
    /// A history state without a default transition (a warning of ``Statechart/validate()``).
    public static let historyWithoutDefault = Self(.historyWithoutDefault)
    /// A transition that can never be taken (a warning of ``Statechart/validate()``).
    public static let transitionNeverFires = Self(.transitionNeverFires)
  }

  /// What kind of problem this is.
  public let kind: Kind
  /// What is wrong and how to fix it.
  public let message: String
  /// The 1-based line in the imported document, when known.
  public let line: Int?
  /// The 1-based column in the imported document, when known.
  public let column: Int?

  internal init(_ kind: Kind, _ message: String, at location: SourceLocation?) {
    self.kind = kind
    self.message = message
    self.line = location?.line
    self.column = location?.column
  }

  /// The issue with its position first, such as `line 3, column 7: unknown target "x" ...`.
  public var description: String {
    guard let line else { return message }
    return "line \(line), column \(column ?? 0): \(message)"
  }
}
