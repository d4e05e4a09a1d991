/// A running automaton: the definition plus the current state, with pure steps.
///
/// `AutomatonMachine` is a value type. ``step(_:)`` moves to the next state and returns an
/// ``AutomatonStep`` saying what happened; it runs no code of yours other than guards and
/// output functions. ``send(_:)`` does the same and then runs the exit and entry actions.
/// Keep the machine wherever your state lives (a lock, an actor, a view model) and act on the
/// returned step after leaving the critical section.
///
/// ```swift
/// var machine = try AutomatonMachine(turnstile)
/// try machine.step(.coin)  // .transitioned(from: .locked, to: .unlocked, output: nil)
/// try machine.step(.coin)  // .undefined(in: .unlocked, kind: .coin)
/// machine.state            // .unlocked
/// ```
public struct AutomatonMachine<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  /// The result of one step of this machine.
  public typealias Step = AutomatonStep<State, Event.Kind, Output>

  /// The definition being run.
  public let automaton: Automaton<State, Event, Output>
  /// The current state.
  public var state: State { current }
  @usableFromInline
  internal var current: State
  /// The position of `current` in the table of `automaton` (which never changes), so that a
  /// step looks up only the event's kind. Every assignment to `current` assigns this too.
  @usableFromInline
  internal var currentPosition: Int
  /// What to do with events that have no transition in the current state.
  public var undefinedEvents: UndefinedEventPolicy

  /// Starts `automaton` in its initial state.
  ///
  /// - Parameters:
  ///   - automaton: The definition.
  ///   - undefinedEvents: What to do with undefined events; ``UndefinedEventPolicy/report`` by
  ///     default.
  /// - Throws: ``ValidationError`` with ``ValidationIssue/missingInitialState`` when the
  ///   automaton declares no initial state.
  public init(
    _ automaton: Automaton<State, Event, Output>,
    undefinedEvents: UndefinedEventPolicy = .report
  ) throws(ValidationError) {
    guard let initial = automaton.initialState else {
      throw ValidationError(issues: [.missingInitial()])
    }
    self.init(automaton, state: initial, undefinedEvents: undefinedEvents)
  }

  /// Starts `automaton` in `state`, such as one restored from storage.
  ///
  /// - Parameters:
  ///   - automaton: The definition.
  ///   - state: The state to start in.
  ///   - undefinedEvents: What to do with undefined events.
  @inlinable
  public init(
    _ automaton: Automaton<State, Event, Output>,
    state: State,
    undefinedEvents: UndefinedEventPolicy = .report
  ) {
    self.automaton = automaton
    self.current = state
    self.currentPosition = automaton.compiled.table.position(of: state)
    self.undefinedEvents = undefinedEvents
  }

  /// Whether the current state is final.
  public var isFinal: Bool {
    automaton.isFinal(state)
  }

  /// The Moore output of the current state, or `nil` when it has none.
  public var output: Output? {
    automaton.output(in: state)
  }

  /// Handles `event`: moves to the next state and says what happened, running no actions.
  ///
  /// - Parameter event: The event, payload included.
  /// - Returns: What happened.
  /// - Throws: ``AutomatonError/undefinedTransition`` when the event is undefined in the
  ///   current state and the policy is ``UndefinedEventPolicy/throw``; the state is unchanged.
  @inlinable
  @inline(__always)
  @discardableResult
  public mutating func step(_ event: Event) throws(AutomatonError) -> Step {
    // Always inlined: out of line, the call and the spills around it make a step without guards
    // 50% more costly (72 instructions against 48 in the CD player benchmark).
    let current = self.current
    switch automaton.resolve(current, at: currentPosition, event) {
    case .matched(let row, let position):
      let output = automaton.output(ofRow: row, current, event)
      let target = automaton.compiled.table.target(ofRow: row)
      if target.isInternal {
        return .stayed(in: current, output: output)
      }
      self.current = target.state
      self.currentPosition = position
      return .transitioned(from: current, to: target.state, output: output)
    case .rejected:
      return .ignored(in: current, kind: event.kind)
    case .undefined:
      if automaton.compiled.hasComputedRows, let step = try stepComputed(event) {
        return step
      }
      switch undefinedEvents.storage {
      case .ignore:
        return .ignored(in: current, kind: event.kind)
      case .report:
        return .undefined(in: current, kind: event.kind)
      case .throw:
        throw Self.undefinedError(current, event)
      }
    }
  }

  /// Handles `event` with the computed transitions; `nil` when none matches.
  @usableFromInline
  internal mutating func stepComputed(_ event: Event) throws(AutomatonError) -> Step? {
    let current = self.current
    switch automaton.resolveComputed(current, event) {
    case .fired(let next, let output, _):
      self.current = next
      self.currentPosition = automaton.compiled.table.position(of: next)
      return .transitioned(from: current, to: next, output: output)
    case .refused:
      return .ignored(in: current, kind: event.kind)
    case .undeclared(let target):
      throw automaton.undeclaredTargetError(current, event, target)
    case .undefined:
      return nil
    }
  }

  /// The error thrown for `event`, undefined in `state`.
  @inlinable
  @inline(never)
  internal static func undefinedError(_ state: State, _ event: Event) -> AutomatonError {
    // Out of line so that the inlined step does not keep the state and the event in memory for
    // the error's sake.
    AutomatonError.undefined(state: state, event: event, kind: event.kind)
  }

  /// Handles `event` like ``step(_:)``, then runs the exit actions of the state left and the
  /// entry actions of the state entered (none for internal transitions).
  ///
  /// - Parameter event: The event, payload included.
  /// - Returns: What happened.
  /// - Throws: ``AutomatonError/undefinedTransition`` as ``step(_:)`` does.
  @discardableResult
  public mutating func send(_ event: Event) throws(AutomatonError) -> Step {
    let result = try step(event)
    if case .transitioned(let from, let to, _) = result {
      automaton.runExitActions(of: from, event)
      automaton.runEntryActions(of: to, event)
    }
    return result
  }

  /// Handles each event in turn with ``step(_:)``.
  ///
  /// - Parameter events: The events.
  /// - Returns: The steps, one per event.
  /// - Throws: ``AutomatonError/undefinedTransition`` as ``step(_:)`` does; the steps before it
  ///   have been applied.
  @discardableResult
  public mutating func run(_ events: some Sequence<Event>) throws(AutomatonError) -> [Step] {
    var steps: [Step] = []
    for event in events {
      steps.append(try step(event))
    }
    return steps
  }
}
