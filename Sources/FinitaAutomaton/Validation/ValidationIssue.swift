/// One problem found by ``Automaton/validate()``.
///
/// Issues of the same kind are equal whatever their details, so tests and `catch` clauses can
/// match them by kind; ``subjects`` and ``message`` say which states and events are involved.
///
/// ```swift
/// #expect(automaton.validationIssues() == [.unreachableState, .deadEnd])
/// ```
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
  internal enum Code: Sendable, Equatable {
    case missingInitialState
    case conflictingInitialStates
    case undeclaredInitialState
    case unreachableState
    case deadEnd
    case ambiguousTransitions
  }

  internal let code: Code
  /// The states (and, for ambiguous transitions, the event kind) involved, as text.
  public let subjects: [String]
  /// What is wrong and how to fix it.
  public let message: String

  internal init(_ code: Code, subjects: [String], message: String) {
    self.code = code
    self.subjects = subjects
    self.message = message
  }

  /// The automaton declares no initial state.
  public static var missingInitialState: Self {
    Self(.missingInitialState, subjects: [], message: "missing initial state")
  }

  /// The automaton declares more than one initial state.
  public static var conflictingInitialStates: Self {
    Self(.conflictingInitialStates, subjects: [], message: "conflicting initial states")
  }

  /// The initial state is not among the declared states.
  public static var undeclaredInitialState: Self {
    Self(.undeclaredInitialState, subjects: [], message: "undeclared initial state")
  }

  /// A state cannot be reached from the initial state.
  public static var unreachableState: Self {
    Self(.unreachableState, subjects: [], message: "unreachable state")
  }

  /// A state that is not final has no transition to another state: once there, the machine is
  /// stuck.
  public static var deadEnd: Self {
    Self(.deadEnd, subjects: [], message: "dead end")
  }

  /// Two transitions for the same state and event kind cannot be told apart: an earlier one has
  /// no guard, so the later one never fires.
  public static var ambiguousTransitions: Self {
    Self(.ambiguousTransitions, subjects: [], message: "ambiguous transitions")
  }

  internal static func missingInitial() -> Self {
    Self(
      .missingInitialState, subjects: [],
      message: """
        The automaton has no initial state. Add Initial(<state>) to its body, or pass \
        initialState: to Automaton(initialState:transitions:).
        """
    )
  }

  /// The message.
  public var description: String { message }

  /// Issues are equal when they are of the same kind.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code
  }
}
