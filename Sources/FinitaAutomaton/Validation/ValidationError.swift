/// Every problem found in an automaton, reported at once by ``Automaton/validate()``.
///
/// ```swift
/// do {
///   try automaton.validate()
/// } catch {
///   print(error)  // one line per issue, each saying how to fix it
///   #expect(error.issues.contains(.unreachableState))
/// }
/// ```
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The problems, in a stable order: initial state, then states in declaration order, then
  /// transitions.
  public let issues: [ValidationIssue]

  /// Creates an error listing `issues`.
  ///
  /// - Parameter issues: The problems found.
  public init(issues: [ValidationIssue]) {
    self.issues = issues
  }

  /// A numbered list of the issues.
  public var description: String {
    let count = issues.count == 1 ? "1 problem" : "\(issues.count) problems"
    let lines = issues.enumerated().map { "  \($0.offset + 1). \($0.element.message)" }
    return (["The automaton has \(count):"] + lines).joined(separator: "\n")
  }
}
