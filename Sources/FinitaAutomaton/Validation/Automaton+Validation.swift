extension Automaton {
  /// Checks the automaton and throws every problem found at once.
  ///
  /// The checks: a missing, duplicated or undeclared initial state; states unreachable from the
  /// initial state; states that are not final and have no transition to another state (dead
  /// ends); and transitions for the same state and event kind that an earlier unguarded one
  /// shadows (ambiguous). Guards are assumed satisfiable.
  ///
  /// - Throws: ``ValidationError`` listing all the issues.
  public func validate() throws(ValidationError) {
    let issues = validationIssues()
    if !issues.isEmpty {
      throw ValidationError(issues: issues)
    }
  }

  /// Every problem in the automaton, in a stable order; empty when it is valid.
  ///
  /// - Returns: The issues found, as ``validate()`` would throw them.
  public func validationIssues() -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    let name = { (state: State) in "'\(String(describing: state))'" }

    if initialState == nil {
      issues.append(.missingInitial())
    }
    let distinctInitials = OrderedStatesBox(initialDeclarations).elements
    if distinctInitials.count > 1 {
      let names = distinctInitials.map { String(describing: $0) }
      issues.append(
        ValidationIssue(
          .conflictingInitialStates, subjects: names,
          message: """
            More than one initial state is declared: \(distinctInitials.map(name).joined(separator: ", ")). \
            Keep exactly one Initial(...) declaration.
            """
        )
      )
    }
    if let initialState, !initialIsDeclared {
      issues.append(
        ValidationIssue(
          .undeclaredInitialState, subjects: [String(describing: initialState)],
          message: """
            The initial state \(name(initialState)) is not declared: no transition, Final or \
            StateOutput mentions it. Add a transition from it, or fix the initial state's name.
            """
        )
      )
    }

    // With computed transitions, which lead to kinds of states, the graph is drawn by kind.
    let node = graphNode
    var successors: [AnyHashable: [AnyHashable]] = [:]
    for transition in transitions {
      successors[node(transition.from), default: []].append(node(transition.to))
    }
    for row in computedRows {
      successors[row.fromName, default: []] += row.toNames.map(AnyHashable.init)
    }

    if let initialState {
      var reached: Set<AnyHashable> = [node(initialState)]
      var queue = [node(initialState)]
      while let state = queue.popLast() {
        for next in successors[state] ?? [] where reached.insert(next).inserted {
          queue.append(next)
        }
      }
      for state in states where !reached.contains(node(state)) {
        issues.append(
          ValidationIssue(
            .unreachableState, subjects: [String(describing: state)],
            message: """
              State \(name(state)) is unreachable: no sequence of transitions leads to it from \
              the initial state \(name(initialState)). Add a transition into it, or remove it.
              """
          )
        )
      }
    }

    var finalNodes = Set(finalStates.map(node))
    if !computedRows.isEmpty {
      finalNodes.formUnion(declaration.finalKindNames.map(AnyHashable.init))
    }
    for state in states where !isFinal(state) && !finalNodes.contains(node(state)) {
      let exits = (successors[node(state)] ?? []).filter { $0 != node(state) }
      if exits.isEmpty {
        issues.append(
          ValidationIssue(
            .deadEnd, subjects: [String(describing: state)],
            message: """
              State \(name(state)) is a dead end: it is not final and no transition leaves it. \
              Add a transition out of it, or declare it with Final(.\(String(describing: state))).
              """
          )
        )
      }
    }
    // Kinds that only computed transitions lead to have no state value to check above.
    let checked = Set(states.map(node))
    var kindsOnly: [String] = []
    for row in computedRows {
      for kind in [row.fromName] + row.toNames
      where !checked.contains(AnyHashable(kind)) && !kindsOnly.contains(kind) {
        kindsOnly.append(kind)
      }
    }
    for kind in kindsOnly where !finalNodes.contains(AnyHashable(kind)) {
      let exits = (successors[AnyHashable(kind)] ?? []).filter { $0 != AnyHashable(kind) }
      if exits.isEmpty {
        issues.append(
          ValidationIssue(
            .deadEnd, subjects: [kind],
            message: """
              States of kind '\(kind)' are a dead end: they are not final and no transition \
              leaves them. Add a transition out of them, or declare them with Final(kinds: .\(kind)).
              """
          )
        )
      }
    }

    for group in transitionGroups() {
      guard let unguarded = group.firstIndex(where: { !$0.isGuarded }) else { continue }
      let shadowed = group[(unguarded + 1)...]
      guard let first = shadowed.first else { continue }
      let shadowing = group[unguarded]
      let kind = String(describing: first.kind)
      let targets = ([shadowing] + shadowed).map { name($0.to) }.joined(separator: ", ")
      issues.append(
        ValidationIssue(
          .ambiguousTransitions,
          subjects: [String(describing: first.from), kind],
          message: """
            State \(name(first.from)) has \(shadowed.count + 1) transitions on '\(kind)' (to \
            \(targets)) and the one to \(name(shadowing.to)) has no guard, so the ones after it \
            never fire. Give them distinguishing guards with .guarded("name") { state, event in \
            ... }, or remove the extra transitions.
            """
        )
      )
    }
    return issues
  }

  /// How validation and diagrams name the node of a state: the state itself, or its kind when
  /// computed transitions lead to kinds.
  internal var graphNode: @Sendable (State) -> AnyHashable {
    if let kindName = computedRows.first?.kindName {
      return { AnyHashable(kindName($0)) }
    }
    return { AnyHashable($0) }
  }

  /// The transitions grouped by (state, kind), in the order they are tried.
  internal func transitionGroups() -> [[Transition<State, Event, Output>]] {
    var groups: [[Transition<State, Event, Output>]] = []
    var current: [Transition<State, Event, Output>] = []
    for row in rows {
      if let last = current.last, last.from != row.from || last.kind != row.kind {
        groups.append(current)
        current = []
      }
      current.append(row)
    }
    if !current.isEmpty {
      groups.append(current)
    }
    return groups
  }
}

private struct OrderedStatesBox<State: Hashable> {
  let elements: [State]

  init(_ states: [State]) {
    var ordered = OrderedStates<State>()
    for state in states {
      ordered.append(state)
    }
    elements = ordered.elements
  }
}
