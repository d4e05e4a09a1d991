extension Automaton {
  /// The state reached from `state` on `event`, or `nil` when no transition accepts the event.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event, payload included (guards see it).
  /// - Returns: The next state, or `nil`.
  @inlinable
  public func transition(from state: State, by event: Event) -> State? {
    resolveTransition(from: state, by: event).state
  }

  /// The transition that fires for `event` in `state`, with its output, or `nil` when none does.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event, payload included.
  /// - Returns: The match, or `nil`.
  @inlinable
  public func match(from state: State, by event: Event) -> TransitionMatch<State, Event, Output>? {
    switch resolve(state, event) {
    case .matched(let row, _):
      return TransitionMatch(transition: rows[row], output: output(ofRow: row, state, event))
    case .rejected:
      return nil
    case .undefined:
      guard compiled.hasComputedRows,
        case .fired(let next, let output, _) = resolveComputed(state, event)
      else { return nil }
      return TransitionMatch(
        transition: Transition(from: state, to: next, by: event.kind), output: output)
    }
  }

  /// The transitions declared for `kind` in `state`, in the order they are tried.
  ///
  /// - Parameters:
  ///   - state: A state.
  ///   - kind: An event kind.
  /// - Returns: The candidate transitions; empty when the event is undefined there.
  public func transitions(from state: State, by kind: Event.Kind) -> [Transition<
    State, Event, Output
  >] {
    Array(rows[table.rows(for: state, kind: kind)])
  }

  /// The Moore output of `state`, or `nil` when it has none.
  ///
  /// - Parameter state: A state.
  /// - Returns: The state's output.
  @inlinable
  public func output(in state: State) -> Output? {
    compiled.hasStateOutputs ? compiled.outputsOfStates[state] : nil
  }

  /// Whether `state` is final.
  ///
  /// - Parameter state: A state.
  /// - Returns: `true` when `state`, or its kind, was declared with ``Final``.
  public func isFinal(_ state: State) -> Bool {
    finalStates.contains(state) || declaration.finalKinds.contains { $0(state) }
  }

  /// The function form of the machine: `(state, event) -> (state, output)?`.
  public var reducer: MealyReducer<State, Event, Output?> {
    let automaton = self
    return MealyReducer { state, event in
      automaton.match(from: state, by: event).map { ($0.to, $0.output) }
    }
  }

  /// Which row, if any, fires for `event` in `state`.
  @inlinable
  @inline(__always)
  internal func resolve(_ state: State, _ event: Event) -> Resolution {
    resolve(state, at: table.position(of: state), event)
  }

  /// Which row, if any, fires for `event` in `state`, whose position in the table is
  /// `position`.
  @inlinable
  @inline(__always)
  internal func resolve(_ state: State, at position: Int, _ event: Event) -> Resolution {
    Self.resolve(state, at: position, event, in: compiled)
  }

  /// Which row of `compiled`, if any, fires for `event` in `state`, whose position in the table
  /// is `position`.
  @inlinable
  @inline(__always)
  internal static func resolve(
    _ state: State, at position: Int, _ event: Event,
    in compiled: CompiledAutomaton<State, Event, Output>
  ) -> Resolution {
    let slot = compiled.table.slot(at: position, kind: event.kind)
    if slot.rows.isEmpty {
      return .undefined
    }
    if !compiled.hasGuards {
      return .matched(slot.rows.lowerBound, target: slot.firstTarget)
    }
    return Self.firstAccepted(
      of: slot.rows, compiled.rowPredicates, compiled.table.targets, state, event)
  }

  /// The first of `candidates` whose guard in `predicates`, if any, accepts `event` in `state`,
  /// with the position in `targets` of the state it enters.
  @inlinable
  @inline(never)
  internal static func firstAccepted(
    of candidates: Range<Int>,
    _ predicates: [(@Sendable (State, Event) -> Bool)?],
    _ targets: [TransitionTable<State, Event.Kind>.Target],
    _ state: State,
    _ event: Event
  ) -> Resolution {
    // Out of line so that the inlined step of a machine without guards stays small, and static
    // so that the call passes two arrays instead of copying the whole automaton.
    for row in candidates {
      if let predicate = predicates[row], !predicate(state, event) {
        continue
      }
      return .matched(row, target: targets[row].position)
    }
    return .rejected
  }

  /// The output of taking `row` from `state` on `event`: the row's Mealy output, or else the
  /// Moore output of the state the row enters.
  @inlinable
  @inline(__always)
  internal func output(ofRow row: Int, _ state: State, _ event: Event) -> Output? {
    Self.output(ofRow: row, state, event, in: compiled)
  }

  /// The output of taking `row` of `compiled` from `state` on `event`.
  @inlinable
  @inline(__always)
  internal static func output(
    ofRow row: Int, _ state: State, _ event: Event,
    in compiled: CompiledAutomaton<State, Event, Output>
  ) -> Output? {
    guard compiled.hasOutputs else { return nil }
    if compiled.hasRowOutputs {
      switch compiled.rowOutputs[row] {
      case .none:
        break
      case .constant(let output):
        return output
      case .computed(let make):
        if let output = make(state, event) {
          return output
        }
      }
    }
    return compiled.hasStateOutputs
      ? compiled.outputsOfStates[compiled.table.targets[row].state] : nil
  }

  /// Takes `row` from `state` on `event`: runs the exit actions of `state` and the entry actions
  /// of the state entered, unless the row is internal.
  @usableFromInline
  internal func runActions(ofRow row: Int, from state: State, _ event: Event) {
    let target = table.target(ofRow: row)
    if !target.isInternal {
      runExitActions(of: state, event)
      runEntryActions(of: target.state, event)
    }
  }

  internal func runExitActions(of state: State, _ event: Event) {
    for action in exitActions[state] ?? [] {
      action.body(event)
    }
  }

  internal func runEntryActions(of state: State, _ event: Event) {
    for action in entryActions[state] ?? [] {
      action.body(event)
    }
  }

  /// The names of the entry actions of `state`, for diagrams.
  internal func entryActionNames(of state: State) -> [String] {
    (entryActions[state] ?? []).compactMap(\.name)
  }

  /// The names of the exit actions of `state`, for diagrams.
  internal func exitActionNames(of state: State) -> [String] {
    (exitActions[state] ?? []).compactMap(\.name)
  }
}

extension Automaton {
  /// Where `event` leads from `state`, or why it leads nowhere: no row declared for its kind,
  /// or every guard refused it. ``transition(from:by:)`` answers the same with `nil` for both.
  ///
  /// ```swift
  /// meter.resolveTransition(from: .awaitingPayment, by: .insert(amount: 100))  // .refusedByGuards
  /// meter.resolveTransition(from: .paid, by: .insert(amount: 100))             // .undefined
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event, payload included (guards see it).
  /// - Returns: The next state, ``TransitionResult/refusedByGuards`` or
  ///   ``TransitionResult/undefined``.
  @inlinable
  public func resolveTransition(from state: State, by event: Event) -> TransitionResult<State> {
    switch resolve(state, event) {
    case .matched(let row, _):
      return .transition(to: compiled.table.targets[row].state)
    case .rejected:
      return .refusedByGuards
    case .undefined:
      guard compiled.hasComputedRows else { return .undefined }
      switch resolveComputed(state, event) {
      case .fired(let next, _, _): return .transition(to: next)
      case .refused, .undeclared: return .refusedByGuards
      case .undefined: return .undefined
      }
    }
  }
}
