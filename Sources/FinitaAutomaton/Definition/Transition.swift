/// One row of a transition table: in state `from`, an event of kind `by` leads to state `to`.
///
/// A transition may carry a guard (a condition over the current state and the full event,
/// payload included), an output (which makes the machine a Mealy machine), and may be internal
/// (it stays in its state without running exit and entry actions).
///
/// ```swift
/// let pay = Transition<Meter, MeterEvent, Signal>(from: .awaitingPayment, to: .paid, by: .insert)
///   .guarded("enough") { _, event in event.amount >= 300 }
///   .output("change") { _, event in .giveChange(event.amount - 300) }
/// ```
///
/// Several transitions for the same state and event kind are tried in declaration order; the
/// first whose guard accepts the event is taken.
public struct Transition<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  /// The state the transition leaves.
  public let from: State
  /// The state the transition enters.
  public let to: State
  /// The kind of event that triggers the transition.
  public let kind: Event.Kind
  /// Whether the transition stays in its state without running exit and entry actions.
  public let isInternal: Bool
  /// The name of the guard, shown in diagrams, or `nil` when the transition has no named guard.
  public private(set) var guardName: String?
  /// Whether the transition has a guard.
  public var isGuarded: Bool { predicate != nil }
  /// A description of the output shown in diagrams, or `nil` when the transition has no output.
  public private(set) var outputLabel: String?

  @usableFromInline
  internal private(set) var predicate: (@Sendable (State, Event) -> Bool)?

  @usableFromInline
  internal private(set) var source: OutputSource<State, Event, Output>

  /// Creates a transition from one state to another on an event kind, as in a transition table.
  ///
  /// - Parameters:
  ///   - from: The state the transition leaves.
  ///   - to: The state the transition enters.
  ///   - kind: The kind of event that triggers it.
  public init(from: State, to: State, by kind: Event.Kind) {
    self.from = from
    self.to = to
    self.kind = kind
    self.isInternal = false
    self.source = .none
  }

  /// Creates a transition with a constant Mealy output whose label the caller gives, as
  /// `Transition(from:to:by:).output(output)` does with `String(describing: output)`: an
  /// importer that read the output as text builds each transition once.
  internal init(from: State, to: State, by kind: Event.Kind, output: Output, label: String) {
    self.from = from
    self.to = to
    self.kind = kind
    self.isInternal = false
    self.outputLabel = label
    self.source = .constant(output)
  }

  /// Creates an internal transition: the event is handled in `state`, which is neither exited
  /// nor re-entered, so no exit or entry action runs.
  ///
  /// - Parameters:
  ///   - state: The state that handles the event and stays current.
  ///   - kind: The kind of event handled.
  public init(within state: State, by kind: Event.Kind) {
    self.from = state
    self.to = state
    self.kind = kind
    self.isInternal = true
    self.source = .none
  }

  /// Returns a copy taken only when `predicate` accepts the current state and the event.
  ///
  /// - Parameters:
  ///   - name: A name shown in diagrams as `[name]`, such as `"enough money"`.
  ///   - predicate: The condition, given the current state and the full event.
  /// - Returns: The guarded transition.
  public func guarded(
    _ name: String? = nil,
    _ predicate: @escaping @Sendable (State, Event) -> Bool
  ) -> Self {
    var copy = self
    copy.guardName = name
    copy.predicate = predicate
    return copy
  }

  /// Returns a copy that emits `output` when it is taken (a Mealy output).
  ///
  /// - Parameter output: The output emitted every time the transition is taken.
  /// - Returns: The transition with an output.
  public func output(_ output: Output) -> Self {
    var copy = self
    copy.outputLabel = String(describing: output)
    copy.source = .constant(output)
    return copy
  }

  /// Returns a copy that computes its output from the state and the event when taken.
  ///
  /// - Parameters:
  ///   - label: How the output is shown in diagrams, such as `"change"`.
  ///   - make: Computes the output; `nil` means that this time there is none.
  /// - Returns: The transition with a computed output.
  public func output(
    _ label: String,
    _ make: @escaping @Sendable (State, Event) -> Output?
  ) -> Self {
    var copy = self
    copy.outputLabel = label
    copy.source = .computed(make)
    return copy
  }

  /// Whether the transition accepts `event` in `state` (true when it has no guard).
  @inlinable
  public func accepts(_ event: Event, in state: State) -> Bool {
    guard let predicate else { return true }
    return predicate(state, event)
  }

  /// The output the transition emits for `event` in `state`, or `nil` when it has none.
  @inlinable
  public func output(for event: Event, in state: State) -> Output? {
    switch source {
    case .none: return nil
    case .constant(let output): return output
    case .computed(let make): return make(state, event)
    }
  }
}
