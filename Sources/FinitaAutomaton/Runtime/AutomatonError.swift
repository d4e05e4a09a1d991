/// An error from running an ``AutomatonMachine``.
///
/// Errors of the same kind are equal whatever their details, so `catch` and `#expect(throws:)`
/// can match them by kind:
///
/// ```swift
/// do {
///   try machine.step(.cdDetected)
/// } catch AutomatonError.undefinedTransition {
///   // ...
/// } catch {
///   // other errors
/// }
/// ```
///
/// Keep the final `catch`: with Swift 6.3, a `do` whose only clause is
/// `catch AutomatonError.undefinedTransition` inside a throwing function crashes the compiler.
public struct AutomatonError: Error, Sendable, Equatable, CustomStringConvertible {
  internal enum Code: Sendable, Equatable {
    case undefinedTransition
    case undeclaredTarget
  }

  internal let code: Code
  /// The state the machine was in, as text.
  public let state: String
  /// The event that could not be handled, as text.
  public let event: String
  /// What happened and how to fix it.
  public let message: String

  internal init(code: Code, state: String, event: String, message: String) {
    self.code = code
    self.state = state
    self.event = event
    self.message = message
  }

  /// No transition is declared for the event in the current state, and the machine's policy is
  /// ``UndefinedEventPolicy/throw``.
  public static var undefinedTransition: Self {
    Self(code: .undefinedTransition, state: "", event: "", message: "undefined transition")
  }

  /// A ``ComputedTransition`` computed a state of a kind it does not declare in its `to:` list;
  /// the machine stays in its state.
  public static var undeclaredTarget: Self {
    Self(code: .undeclaredTarget, state: "", event: "", message: "undeclared target")
  }

  @usableFromInline
  internal static func undeclared(state: some Any, event: some Any, target: some Any) -> Self {
    let stateText = String(describing: state)
    let eventText = String(describing: event)
    let targetText = String(describing: target)
    return Self(
      code: .undeclaredTarget,
      state: stateText,
      event: eventText,
      message: """
        A computed transition from state '\(stateText)' on event '\(eventText)' computed \
        '\(targetText)', whose kind is not among the kinds it declares; the machine stays in \
        '\(stateText)'. Add the kind to the transition's `to:` list, or fix the computation.
        """
    )
  }

  @usableFromInline
  internal static func undefined(state: some Any, event: some Any, kind: some Any) -> Self {
    let stateText = String(describing: state)
    let eventText = String(describing: event)
    let kindText = String(describing: kind)
    return Self(
      code: .undefinedTransition,
      state: stateText,
      event: eventText,
      message: """
        No transition from state '\(stateText)' on event '\(eventText)'. \
        Declare one, such as Transition(from: .\(stateText), to: <next state>, by: .\(kindText)), \
        or use Transition(within: .\(stateText), by: .\(kindText)) to handle it without leaving \
        the state, or create the machine with undefinedEvents: .ignore if such events are \
        expected and harmless.
        """
    )
  }

  /// The message.
  public var description: String { message }

  /// Errors are equal when they are of the same kind; the details are for people.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code
  }

  /// Matches any error of the same kind, so `catch AutomatonError.undefinedTransition` works on
  /// untyped errors too.
  public static func ~= (pattern: Self, error: any Error) -> Bool {
    (error as? Self).map { $0.code == pattern.code } ?? false
  }
}
