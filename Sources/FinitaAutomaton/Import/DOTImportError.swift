/// A problem in a DOT file given to ``DOTImporter``, with its position and a hint.
///
/// Errors of the same kind are equal whatever their position, so they can be matched by kind:
///
/// ```swift
/// do {
///   _ = try DOTImporter.mealyMachine(from: text)
/// } catch {
///   print(error)  // "line 4, column 12: edge s1 -> s2 has no label. Hint: ..."
///   #expect(error == .missingLabel && error.line == 4)
/// }
/// ```
public struct DOTImportError: Error, Sendable, Equatable, CustomStringConvertible {
  internal enum Code: Sendable, Equatable {
    case syntax
    case unsupported
    case missingInitialState
    case multipleInitialStates
    case missingLabel
    case invalidLabel
    case missingOutput
    case nondeterministic
    case duplicateState
  }

  internal let code: Code
  /// The line of the problem, counted from 1.
  public let line: Int
  /// The column of the problem, counted from 1 in characters (grapheme clusters, not bytes).
  public let column: Int
  /// What is wrong.
  public let message: String
  /// How to fix it.
  public let hint: String

  internal init(_ code: Code, line: Int, column: Int, message: String, hint: String) {
    self.code = code
    self.line = line
    self.column = column
    self.message = message
    self.hint = hint
  }

  private static func kind(_ code: Code, _ name: String) -> Self {
    Self(code, line: 0, column: 0, message: name, hint: "")
  }

  /// The text is not valid DOT: an unexpected token, an unterminated string or comment, or
  /// malformed markup in an HTML label.
  public static var syntax: Self { kind(.syntax, "syntax error") }
  /// The file uses DOT that an automaton cannot come from: an undirected graph, subgraphs, an
  /// HTML table as a label.
  public static var unsupported: Self { kind(.unsupported, "unsupported construct") }
  /// No edge from a `__start` node marks the initial state.
  public static var missingInitialState: Self { kind(.missingInitialState, "no initial state") }
  /// More than one edge from a `__start` node.
  public static var multipleInitialStates: Self {
    kind(.multipleInitialStates, "several initial states")
  }
  /// A transition edge has no `label`.
  public static var missingLabel: Self { kind(.missingLabel, "missing label") }
  /// An edge label is not `input/output` (Mealy) or is empty.
  public static var invalidLabel: Self { kind(.invalidLabel, "invalid label") }
  /// A state of a Moore machine has no `{ name | output }` label.
  public static var missingOutput: Self { kind(.missingOutput, "missing state output") }
  /// Two edges leave the same state on the same input with different results.
  public static var nondeterministic: Self { kind(.nondeterministic, "nondeterministic") }
  /// Two nodes have the same state name.
  public static var duplicateState: Self { kind(.duplicateState, "duplicate state") }

  /// `line L, column C: message Hint: hint`.
  public var description: String {
    "line \(line), column \(column): \(message) Hint: \(hint)"
  }

  /// Errors are equal when they are of the same kind.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code
  }

  /// Matches any error of the same kind, so `catch DOTImportError.missingLabel` works on
  /// untyped errors too.
  public static func ~= (pattern: Self, error: any Error) -> Bool {
    (error as? Self).map { $0.code == pattern.code } ?? false
  }
}
