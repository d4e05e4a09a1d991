/// Checks a tree of states and turns it into ``ChartTables``, reporting every problem at once.
internal struct ChartCompiler {
  private struct Node {
    var state: StatechartState
    var parent: Int
    var kind: NodeKind
  }

  private var nodes: [Node] = []
  private var index: [String: Int] = [:]
  private var issues: [StatechartIssue] = []

  init(root: StatechartState) {
    flatten(root, parent: -1)
  }

  private mutating func flatten(_ state: StatechartState, parent: Int) {
    let position = nodes.count
    let hasChildStates = state.children.contains { !$0.kind.isHistory }
    let kind: NodeKind =
      switch state.kind.storage {
      case .state: parent < 0 ? .root : (hasChildStates ? .compound : .atomic)
      case .parallel: .parallel
      case .final: .final
      case .history(let deep): deep ? .deepHistory : .shallowHistory
      }
    nodes.append(Node(state: state, parent: parent, kind: kind))
    if parent >= 0 {
      if let first = index[state.id] {
        issue(
          .duplicateID,
          "duplicate state id \"\(state.id)\" (first declared\(where: nodes[first].state.location)); "
            + "give every state a unique id",
          state.location
        )
      } else {
        index[state.id] = position
      }
      if state.id.isEmpty {
        issue(.invalidValue, "a \(state.kind) has an empty id; give it an id", state.location)
      }
    }
    switch kind {
    case .shallowHistory, .deepHistory:
      if !state.children.isEmpty || !state.transitions.isEmpty || !state.onEntry.isEmpty
        || !state.onExit.isEmpty
      {
        issue(
          .misplacedElement,
          "history state \"\(state.id)\" may only hold its default transition; move child "
            + "states, transitions and actions to its parent",
          state.location
        )
      }
      if parent == 0 {
        issue(
          .misplacedElement,
          "history state \"\(state.id)\" is at the top level; declare it inside the compound or "
            + "parallel state whose history it records",
          state.location
        )
      }
    case .final:
      if !state.children.isEmpty {
        issue(
          .misplacedElement,
          "final state \"\(state.id)\" has child states; a final state must be atomic",
          state.location
        )
      }
    case .parallel:
      if !state.initial.isEmpty {
        issue(
          .invalidInitial,
          "parallel state \"\(state.id)\" declares an initial state, but all its children are "
            + "entered together; remove the initial",
          state.location
        )
      }
    case .atomic:
      if !state.initial.isEmpty {
        issue(
          .invalidInitial,
          "state \"\(state.id)\" declares initial \(state.initial.joined(separator: " ")) but "
            + "has no child states; remove the initial or add the children",
          state.location
        )
      }
    case .root, .compound:
      break
    }
    for child in state.children {
      flatten(child, parent: position)
    }
  }

  private mutating func issue(
    _ kind: StatechartIssue.Kind, _ message: String, _ location: SourceLocation?
  ) {
    issues.append(StatechartIssue(kind, message, at: location))
  }

  // MARK: - Compiling

  mutating func compile() throws(StatechartError) -> ChartTables {
    let count = nodes.count
    var end = Array(repeating: 0, count: count)
    for node in stride(from: count - 1, through: 0, by: -1) {
      end[node] = max(end[node], node + 1)
      let parent = nodes[node].parent
      if parent >= 0 { end[parent] = max(end[parent], end[node]) }
    }
    var children = Array(repeating: [Int](), count: count)
    var histories = Array(repeating: [Int](), count: count)
    for node in 1..<count {
      if nodes[node].kind.isHistory {
        histories[nodes[node].parent].append(node)
      } else {
        children[nodes[node].parent].append(node)
      }
    }

    // Default entries: resolve, then check that they stay inside their state.
    var transitions: [CompiledTransition] = []
    var pending: [(StatechartTransition, source: Int)] = []
    var defaultTransition = Array(repeating: -1, count: count)
    for node in 0..<count {
      let state = nodes[node].state
      switch nodes[node].kind {
      case .root, .compound:
        var targets = state.initial
        if targets.isEmpty, let first = children[node].first {
          targets = [nodes[first].state.id]
        }
        if targets.isEmpty { continue }  // an empty chart
        defaultTransition[node] = pending.count
        var initial = StatechartTransition(
          events: [], targets: targets, actions: state.initialActions)
        initial.location = state.location
        pending.append((initial, node))
      case .shallowHistory, .deepHistory:
        var targets = state.initial
        let parent = nodes[node].parent
        if targets.isEmpty {
          // No default: enter the parent's own default (validation reports it).
          targets =
            nodes[parent].kind == .parallel
            ? children[parent].map { nodes[$0].state.id }
            : (nodes[parent].state.initial.isEmpty
              ? children[parent].prefix(1).map { nodes[$0].state.id }
              : nodes[parent].state.initial)
        }
        defaultTransition[node] = pending.count
        var fallback = StatechartTransition(
          events: [], targets: targets, actions: state.initialActions)
        fallback.location = state.location
        pending.append((fallback, node))
      default:
        break
      }
    }
    let defaultCount = pending.count
    var transitionsOf = Array(repeating: [Int](), count: count)
    for node in 0..<count where !nodes[node].kind.isHistory {
      for transition in nodes[node].state.transitions {
        transitionsOf[node].append(pending.count)
        pending.append((transition, node))
      }
    }

    // Event classes: every descriptor and every name the chart raises, sends or completes with.
    var names: [String] = []
    var classes: [String: Int] = ["": 0]
    func intern(_ name: String) {
      if classes[name] == nil {
        classes[name] = names.count + 1
        names.append(name)
      }
    }
    var descriptorsOf: [[String]] = []
    for (transition, _) in pending {
      let descriptors = transition.events.map(Self.normalize)
      descriptorsOf.append(descriptors)
      for descriptor in descriptors where descriptor != "*" { intern(descriptor) }
    }
    func internActions(_ actions: [StatechartAction]) {
      for action in actions {
        switch action.storage {
        case .raise(let event), .send(let event, _, _): intern(event)
        default: break
        }
      }
    }
    for node in nodes {
      internActions(node.state.onEntry)
      internActions(node.state.onExit)
      internActions(node.state.initialActions)
    }
    for (transition, _) in pending { internActions(transition.actions) }
    var doneClass = Array(repeating: 0, count: count)
    for node in 1..<count where nodes[node].kind == .compound || nodes[node].kind == .parallel {
      let name = "done.state." + nodes[node].state.id
      intern(name)
      doneClass[node] = classes[name]!
    }
    let classCount = names.count + 1

    func compileActions(_ actions: [StatechartAction]) -> [CompiledAction] {
      actions.map { action in
        switch action.storage {
        case .raise(let event): .raise(eventClass: classes[event]!)
        case .send(let event, let delay, let id):
          .send(event, eventClass: classes[event]!, delay: delay, id: id)
        case .cancel(let id): .cancel(id)
        case .emit(let output): .emit(output)
        }
      }
    }

    // Resolve targets and guards.
    var resolvedTargets: [[Int]] = []
    var guards: [CompiledGuard?] = []
    for (number, (transition, source)) in pending.enumerated() {
      var targets: [Int] = []
      for target in transition.targets {
        guard let resolved = index[target] else {
          let what =
            number < defaultCount
            ? (nodes[source].kind.isHistory
              ? "history state \"\(nodes[source].state.id)\" has default"
              : (source == 0 ? "the chart's initial" : "initial of \"\(nodes[source].state.id)\""))
            : "transition of \"\(nodes[source].state.id)\" targets"
          issue(
            .unknownTarget,
            "\(what) \"\(target)\", which is not a state of this chart; "
              + "use the id of a declared state",
            transition.location ?? nodes[source].state.location
          )
          continue
        }
        targets.append(resolved)
      }
      if number < defaultCount {
        let owner = nodes[source].kind.isHistory ? nodes[source].parent : source
        for target in targets {
          if target == owner || end[target] > target && (target < owner && owner < end[target]) {
            issue(
              .initialCycle,
              "the default entry of \"\(nodes[source].state.id)\" enters \"\(nodes[target].state.id)"
                + "\", which contains it, so entering it would never end; choose a descendant",
              nodes[source].state.location
            )
          } else if !(owner < target && target < end[owner]) {
            issue(
              .invalidInitial,
              "the default entry of \"\(nodes[source].state.id)\" enters \""
                + "\(nodes[target].state.id)\", which is not inside "
                + (owner == 0 ? "the chart" : "\"\(nodes[owner].state.id)\"")
                + "; choose one of its descendants",
              nodes[source].state.location
            )
          }
        }
      }
      resolvedTargets.append(targets)
      guards.append(transition.guard.map { compileGuard($0.storage, at: transition.location) })
    }

    // Default entries through history states must not loop.
    for node in 1..<count where nodes[node].kind.isHistory {
      var seen: Set<Int> = [node]
      var frontier = [node]
      var looped = false
      while let current = frontier.popLast(), !looped {
        guard defaultTransition[current] >= 0 else { continue }
        for target in resolvedTargets[defaultTransition[current]] where nodes[target].kind.isHistory
        {
          if target == node {
            looped = true
          } else if seen.insert(target).inserted {
            frontier.append(target)
          }
        }
      }
      if looped {
        issue(
          .initialCycle,
          "the default of history state \"\(nodes[node].state.id)\" leads back to itself through "
            + "other history states; give one of them a default that is a real state",
          nodes[node].state.location
        )
      }
    }

    if !issues.isEmpty {
      throw StatechartError(issues: issues)
    }

    // Domains and compiled transitions.
    let kinds = nodes.map(\.kind)
    let parents = nodes.map(\.parent)
    for (number, (transition, source)) in pending.enumerated() {
      let targets = resolvedTargets[number]
      let hasHistory = targets.contains { kinds[$0].isHistory }
      let domain =
        targets.isEmpty
        ? -1
        : Self.domain(
          source: source, targets: targets,
          isInternal: transition.isInternal || number < defaultCount,
          kinds: kinds, parents: parents, end: end)
      transitions.append(
        CompiledTransition(
          source: source,
          targets: targets,
          isInternal: transition.isInternal,
          condition: guards[number],
          actions: compileActions(transition.actions),
          staticDomain: domain,
          hasHistoryTarget: hasHistory
        )
      )
    }

    // Candidate transitions per node and event class, in document order.
    var candidateStart: [Int32] = []
    var candidateList: [Int32] = []
    candidateStart.reserveCapacity(count * classCount + 1)
    for node in 0..<count {
      for eventClass in 0..<classCount {
        candidateStart.append(Int32(candidateList.count))
        let name = eventClass == 0 ? nil : names[eventClass - 1]
        for number in transitionsOf[node] {
          let matches = descriptorsOf[number].contains { descriptor in
            descriptor == "*"
              || name.map { $0 == descriptor || $0.hasPrefix(descriptor + ".") } ?? false
          }
          if matches { candidateList.append(Int32(number)) }
        }
      }
    }
    candidateStart.append(Int32(candidateList.count))
    var eventlessStart: [Int32] = []
    var eventlessList: [Int32] = []
    for node in 0..<count {
      eventlessStart.append(Int32(eventlessList.count))
      for number in transitionsOf[node] where pending[number].0.events.isEmpty {
        eventlessList.append(Int32(number))
      }
    }
    eventlessStart.append(Int32(eventlessList.count))

    let words = (count + 63) / 64
    var atomicMask = Array(repeating: UInt64(0), count: words)
    var historySlot = Array(repeating: -1, count: count)
    var historyCount = 0
    for node in 1..<count {
      if kinds[node] == .atomic || kinds[node] == .final {
        atomicMask[node >> 6] |= 1 << UInt64(node & 63)
      }
      if kinds[node].isHistory {
        historySlot[node] = historyCount
        historyCount += 1
      }
    }

    return ChartTables(
      ids: nodes.map(\.state.id), parent: parents, end: end, kinds: kinds, children: children,
      histories: histories, historySlot: historySlot, historyCount: historyCount,
      atomicMask: atomicMask, defaultTransition: defaultTransition, transitions: transitions,
      candidateStart: candidateStart, candidateList: candidateList,
      eventlessStart: eventlessStart, eventlessList: eventlessList,
      entryActions: nodes.map { compileActions($0.state.onEntry) },
      exitActions: nodes.map { compileActions($0.state.onExit) },
      doneClass: doneClass, classCount: classCount, classes: classes
    )
  }

  private mutating func compileGuard(
    _ storage: StatechartGuard.Storage, at location: SourceLocation?
  ) -> CompiledGuard {
    switch storage {
    case .isActive(let id):
      guard let node = index[id] else {
        issue(
          .unknownTarget,
          "guard In('\(id)') names a state that does not exist; use the id of a declared state",
          location
        )
        return .isActive(0)
      }
      return .isActive(node)
    case .not(let inner): return .not(compileGuard(inner, at: location))
    case .all(let parts): return .all(parts.map { compileGuard($0, at: location) })
    case .any(let parts): return .any(parts.map { compileGuard($0, at: location) })
    }
  }

  /// An event descriptor without a trailing `.*` or `.`.
  private static func normalize(_ descriptor: String) -> String {
    if descriptor.hasSuffix(".*") { return String(descriptor.dropLast(2)) }
    if descriptor.hasSuffix(".") { return String(descriptor.dropLast()) }
    return descriptor
  }

  /// The W3C transition domain for targets that are not history states: the source for an
  /// internal transition inside a compound source, else the least common compound ancestor.
  private static func domain(
    source: Int, targets: [Int], isInternal: Bool, kinds: [NodeKind], parents: [Int], end: [Int]
  ) -> Int {
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
      ancestor < node && node < end[ancestor]
    }
    if isInternal, kinds[source] == .compound || kinds[source] == .root,
      targets.allSatisfy({ isDescendant($0, of: source) })
    {
      return source
    }
    var ancestor = parents[source]
    while ancestor > 0 {
      if kinds[ancestor] == .compound, targets.allSatisfy({ isDescendant($0, of: ancestor) }) {
        return ancestor
      }
      ancestor = parents[ancestor]
    }
    return 0
  }
}

extension String.StringInterpolation {
  fileprivate mutating func appendInterpolation(where location: SourceLocation?) {
    if let location {
      appendLiteral(" at line \(location.line), column \(location.column)")
    }
  }
}
