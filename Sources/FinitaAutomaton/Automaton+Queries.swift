extension Automaton {
  /// The state reached from `state` on `event`, or `nil` when no transition accepts the event.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event, payload included (guards see it).
  /// - Returns: The next state, or `nil`.
  @inlinable
  public func transition(from state: State, by event: Event) -> State? {
    guard case .matched(let row) = resolve(state, event) else { return nil }
    return rowTargets[row]
  }

  /// The transition that fires for `event` in `state`, with its output, or `nil` when none does.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - event: The event, payload included.
  /// - Returns: The match, or `nil`.
  @inlinable
  public func match(from state: State, by event: Event) -> TransitionMatch<State, Event, Output>? {
    guard case .matched(let row) = resolve(state, event) else { return nil }
    return TransitionMatch(transition: rows[row], output: output(ofRow: row, state, event))
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
    hasStateOutputs ? stateOutputs[state] : nil
  }

  /// Whether `state` is final.
  ///
  /// - Parameter state: A state.
  /// - Returns: `true` when `state` was declared with ``Final``.
  public func isFinal(_ state: State) -> Bool {
    finalStates.contains(state)
  }

  /// The function form of the machine: `(state, event) -> (state, output)?`.
  public var reducer: MealyReducer<State, Event, Output?> {
    let automaton = self
    return MealyReducer { state, event in
      automaton.match(from: state, by: event).map { ($0.to, $0.output) }
    }
  }

  @inlinable
  @inline(__always)
  internal func resolve(_ state: State, _ event: Event) -> Resolution {
    let candidates = table.rows(for: state, kind: event.kind)
    if candidates.isEmpty {
      return .undefined
    }
    if !hasGuards {
      return .matched(candidates.lowerBound)
    }
    for row in candidates {
      guard let predicate = rowPredicates[row] else { return .matched(row) }
      if predicate(state, event) {
        return .matched(row)
      }
    }
    return .rejected
  }

  @inlinable
  @inline(__always)
  internal func output(ofRow row: Int, _ state: State, _ event: Event) -> Output? {
    switch rowOutputs[row] {
    case .none:
      break
    case .constant(let output):
      return output
    case .computed(let make):
      if let output = make(state, event) {
        return output
      }
    }
    return hasStateOutputs ? stateOutputs[rowTargets[row]] : nil
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
