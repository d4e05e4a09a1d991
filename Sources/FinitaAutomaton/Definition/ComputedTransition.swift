/// A transition that matches every state of one kind and computes the state it leads to (and
/// its output) from the state's and the event's payloads.
///
/// A transition table lists one row per state, which cannot say "from `locked` with any credit,
/// a coin adds its value to the credit". A computed transition can:
///
/// ```swift
/// ComputedTransition<Gate, GateEvent, Never>(from: .locked, to: [.locked, .unlocked], by: .coin) {
///   state, event in
///   guard case .locked(let credit) = state, case .coin(let value) = event else { return nil }
///   return credit + value >= 100 ? .unlocked : .locked(credit: credit + value)
/// }
/// ```
///
/// It declares the kinds it may lead to, so validation, diagrams and exploration still see the
/// machine's shape: with computed transitions, ``Automaton/validate()`` checks reachability and
/// dead ends by kind, and diagrams draw one node per kind. A computed state whose kind is not
/// declared is a programming error that the running machine reports as
/// ``AutomatonError/undeclaredTarget`` instead of entering it.
///
/// Rows of the table come first: a computed transition is tried only when no ``Transition``
/// is declared for the exact state and the event's kind. Several computed transitions for the
/// same kinds are tried in declaration order; one whose closure returns `nil` refuses the event,
/// as a guard does.
public struct ComputedTransition<
  State: AutomatonState, Event: AutomatonEvent, Output: Sendable
>: Sendable {
  /// The kind of state the transition leaves.
  public let from: State.Kind
  /// The kinds of state it may enter.
  public let to: [State.Kind]
  /// The kind of event that triggers it.
  public let kind: Event.Kind
  /// A name shown in diagrams as `[name]`, or `nil`.
  public let name: String?
  /// A description of the output shown in diagrams, or `nil` when it has none.
  public let outputLabel: String?

  internal let compute: @Sendable (State, Event) -> (state: State, output: Output?)?

  /// Creates a computed transition without output.
  ///
  /// - Parameters:
  ///   - from: The kind of state it leaves.
  ///   - to: The kinds of state it may enter.
  ///   - kind: The kind of event that triggers it.
  ///   - name: A name shown in diagrams, such as `"add credit"`.
  ///   - target: Computes the next state from the current one and the event; `nil` refuses the
  ///     event, as a guard does.
  public init(
    from: State.Kind,
    to: [State.Kind],
    by kind: Event.Kind,
    name: String? = nil,
    _ target: @escaping @Sendable (State, Event) -> State?
  ) {
    self.from = from
    self.to = to
    self.kind = kind
    self.name = name
    self.outputLabel = nil
    self.compute = { state, event in target(state, event).map { ($0, nil) } }
  }

  /// Creates a computed transition that also computes its output (a Mealy output).
  ///
  /// - Parameters:
  ///   - from: The kind of state it leaves.
  ///   - to: The kinds of state it may enter.
  ///   - kind: The kind of event that triggers it.
  ///   - name: A name shown in diagrams, such as `"add credit"`.
  ///   - output: How the output is shown in diagrams, such as `"open doors"`.
  ///   - target: Computes the next state and the output (`nil` for none this time); `nil`
  ///     refuses the event.
  public init(
    from: State.Kind,
    to: [State.Kind],
    by kind: Event.Kind,
    name: String? = nil,
    output: String,
    _ target: @escaping @Sendable (State, Event) -> (state: State, output: Output?)?
  ) {
    self.from = from
    self.to = to
    self.kind = kind
    self.name = name
    self.outputLabel = output
    self.compute = target
  }
}

/// A computed transition with its state type's kinds erased, as an ``Automaton`` stores it.
@usableFromInline
internal struct ComputedRow<State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable>:
  Sendable
{
  let kind: Event.Kind
  let fromName: String
  let toNames: [String]
  let name: String?
  let outputLabel: String?
  /// Whether a state is of the kind the row leaves.
  let leaves: @Sendable (State) -> Bool
  /// Whether a state is of a kind the row may enter.
  let mayEnter: @Sendable (State) -> Bool
  /// The name of a state's kind.
  let kindName: @Sendable (State) -> String
  let compute: @Sendable (State, Event) -> (state: State, output: Output?)?
}

extension ComputedTransition {
  /// The row as an automaton stores it.
  internal var row: ComputedRow<State, Event, Output> {
    let from = from
    let to = Set(to)
    return ComputedRow(
      kind: kind,
      fromName: String(describing: from),
      toNames: self.to.map { String(describing: $0) },
      name: name,
      outputLabel: outputLabel,
      leaves: { $0.kind == from },
      mayEnter: { to.contains($0.kind) },
      kindName: { String(describing: $0.kind) },
      compute: compute
    )
  }
}

/// What the computed transitions do with an event in a state.
@usableFromInline
internal enum ComputedOutcome<State: Sendable, Output: Sendable>: Sendable {
  /// The computed transition at index `row` leads to `state` with `output`.
  case fired(State, Output?, row: Int)
  /// Computed transitions match the state and the event's kind, but all refused the event.
  case refused
  /// A computed transition produced a state of a kind it does not declare.
  case undeclared(State)
  /// No computed transition matches.
  case undefined
}

extension Automaton {
  /// What the computed transitions do with `event` in `state`; tried when no row of the table
  /// is declared for them.
  @usableFromInline
  internal func resolveComputed(_ state: State, _ event: Event) -> ComputedOutcome<State, Output> {
    let kind = event.kind
    var matched = false
    for (index, row) in computedRows.enumerated()
    where row.kind == kind && row.leaves(state) {
      matched = true
      guard let (next, output) = row.compute(state, event) else { continue }
      guard row.mayEnter(next) else { return .undeclared(next) }
      return .fired(next, output ?? self.output(in: next), row: index)
    }
    return matched ? .refused : .undefined
  }

  /// The error for a computed transition that produced `target`, of a kind it does not declare.
  @usableFromInline
  internal func undeclaredTargetError(_ state: State, _ event: Event, _ target: State)
    -> AutomatonError
  {
    AutomatonError.undeclared(state: state, event: event, target: target)
  }

  /// Runs the exit actions of `state` and the entry actions of `target`.
  @usableFromInline
  internal func runActions(from state: State, to target: State, _ event: Event) {
    runExitActions(of: state, event)
    runEntryActions(of: target, event)
  }

  /// Whether the automaton has computed transitions, so that its diagrams and validation work
  /// by kind.
  public var hasComputedTransitions: Bool { !computedRows.isEmpty }
}
