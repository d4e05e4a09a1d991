extension Statechart {
  /// Problems that do not stop the chart from running but are almost certainly mistakes:
  /// states no transition can reach, history states without a default, and transitions that can
  /// never fire. An empty array means none was found.
  ///
  /// ```swift
  /// for warning in chart.validate() { print(warning) }
  /// ```
  ///
  /// - Returns: The problems, in document order of the states they concern.
  public func validate() -> [StatechartIssue] {
    var issues: [StatechartIssue] = []
    let tables = self.tables
    let reachable = reachableNodes()
    var all: [StatechartState] = []
    func collect(_ states: [StatechartState]) {
      for state in states {
        all.append(state)
        collect(state.children)
      }
    }
    collect(states)
    for (offset, state) in all.enumerated() {
      let node = offset + 1
      if state.kind.isHistory {
        if state.initial.isEmpty {
          issues.append(
            StatechartIssue(
              .historyWithoutDefault,
              "history state \"\(state.id)\" has no default; until its parent has been active, "
                + "entering it enters the parent's initial state. Give it a default transition",
              at: state.location))
        }
      } else if !reachable[node] {
        issues.append(
          StatechartIssue(
            .unreachableState,
            "state \"\(state.id)\" can never be entered: no transition or initial state leads "
              + "to it; add a transition to it or remove it",
            at: state.location))
      }
      for (position, transition) in state.transitions.enumerated() {
        if let earlier = state.transitions[..<position].first(where: {
          $0.guard == nil && Self.covers($0.events, transition.events)
        }) {
          let events =
            transition.events.isEmpty ? "eventless" : transition.events.joined(separator: " ")
          issues.append(
            StatechartIssue(
              .transitionNeverFires,
              "the \(events) transition of \"\(state.id)\" can never fire: an earlier transition "
                + "without a guard on \"\(earlier.events.joined(separator: " "))\" always takes "
                + "its events first; reorder them or add a guard",
              at: transition.location ?? state.location))
        }
        for id in transition.guard?.stateIDs ?? [] {
          guard let other = tables.index[id], Self.excludes(node, other, tables) else { continue }
          issues.append(
            StatechartIssue(
              .transitionNeverFires,
              "the transition of \"\(state.id)\" requires In('\(id)'), but \"\(id)\" is never "
                + "active at the same time as \"\(state.id)\"; fix the guard",
              at: transition.location ?? state.location))
        }
      }
    }
    return issues
  }

  /// Whether descriptors `first` match every event that `second` matches.
  private static func covers(_ first: [String], _ second: [String]) -> Bool {
    if first.isEmpty || second.isEmpty { return first.isEmpty && second.isEmpty }
    return second.allSatisfy { descriptor in
      let name = descriptor.hasSuffix(".*") ? String(descriptor.dropLast(2)) : descriptor
      return first.contains { covering in
        let prefix = covering.hasSuffix(".*") ? String(covering.dropLast(2)) : covering
        return prefix == "*" || name == prefix || name.hasPrefix(prefix + ".")
      }
    }
  }

  /// Whether two nodes can never be active together: their least common ancestor is a compound
  /// state and neither contains the other.
  private static func excludes(_ first: Int, _ second: Int, _ tables: ChartTables) -> Bool {
    if first == second || tables.isDescendant(first, of: second)
      || tables.isDescendant(second, of: first)
    {
      return false
    }
    var ancestor = tables.parent[first]
    while ancestor > 0, !tables.isDescendant(second, of: ancestor) {
      ancestor = tables.parent[ancestor]
    }
    return tables.kinds[ancestor] != .parallel
  }

  /// Nodes some sequence of events could make active.
  private func reachableNodes() -> [Bool] {
    let tables = self.tables
    var reachable = Array(repeating: false, count: tables.count)
    var work: [Int] = []
    func enter(_ node: Int) {
      guard node > 0, !reachable[node] else { return }
      reachable[node] = true
      work.append(node)
      switch tables.kinds[node] {
      case .compound, .shallowHistory, .deepHistory:
        for target in tables.transitions[tables.defaultTransition[node]].targets { enter(target) }
      case .parallel:
        for child in tables.children[node] { enter(child) }
      default:
        break
      }
      var ancestor = tables.parent[node]
      while ancestor > 0 {
        enter(ancestor)
        ancestor = tables.parent[ancestor]
      }
    }
    if tables.defaultTransition[0] >= 0 {
      for target in tables.transitions[tables.defaultTransition[0]].targets { enter(target) }
    }
    while let node = work.popLast() {
      for transition in tables.transitions where transition.source == node {
        for target in transition.targets { enter(target) }
      }
    }
    return reachable
  }
}
