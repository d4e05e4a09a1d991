/// A running statechart: the chart plus its configuration, with pure steps.
///
/// `StatechartMachine` is a value type that follows the W3C SCXML algorithm: each external
/// event starts a macrostep made of microsteps; eventless transitions and events on the internal
/// queue (``StatechartAction/raise(_:)``, `done.state.*`) are handled before the next external
/// event; enabled transitions are selected per active atomic state in document order, from the
/// state outwards, and conflicting ones are resolved with descendants first, then document order;
/// states are exited and entered through the transition domain (the least common compound
/// ancestor).
///
/// ```swift
/// var machine = StatechartMachine(player)
/// let play = player.event("play")
/// machine.send(play)            // .handled(microsteps: 1)
/// machine.configuration         // ["buffering"]
/// machine.commands              // [.emit("started")]
/// ```
///
/// The machine runs no code of yours. Actions that leave the machine are collected in
/// ``commands`` during a step, for the owner to carry out: publish an output, schedule a delayed
/// event on a clock and send it back when it is due, cancel one. An undelayed
/// ``StatechartAction/send(_:after:id:)`` is delivered by the machine itself right after the
/// macrostep that sent it.
///
/// Once built, a step allocates nothing unless the chart's actions produce commands: the
/// configuration, the history and the work space are reused in place.
public struct StatechartMachine: Sendable {
  /// The chart being run.
  public let chart: Statechart
  @usableFromInline internal let tables: ChartTables
  /// The tables' fast path, `nil` for charts of more than 63 states. It points into memory
  /// `tables` owns.
  @usableFromInline internal let fast: FastPathView?
  /// The identity of `tables`, which the event handles of this chart carry.
  @usableFromInline internal let chartIdentity: ObjectIdentifier
  /// The active states, one bit per node in document order.
  @usableFromInline internal var active: [UInt64]
  /// Recorded history: `historyCount` sets of nodes, one after the other.
  @usableFromInline internal var history: [UInt64]
  @usableFromInline internal var recorded: [Bool]
  @usableFromInline internal var internalQueue: [Int] = []
  @usableFromInline internal var internalHead = 0
  @usableFromInline internal var externalQueue: [Int] = []
  @usableFromInline internal var externalHead = 0
  @usableFromInline internal var running = true
  // Work space, kept between steps so that steps do not allocate.
  @usableFromInline internal var enabled: [Int] = []
  @usableFromInline internal var filtered: [Int] = []
  @usableFromInline internal var exitSet: [UInt64]
  @usableFromInline internal var toEnter: [UInt64]
  @usableFromInline internal var defaultEntry: [UInt64]
  @usableFromInline internal var historyContent: [Int]
  @usableFromInline internal var historyContentSet: [Int] = []

  /// The actions of the last step that the owner must carry out, in the order they ran.
  public internal(set) var commands: [StatechartCommand] = []

  /// How many microsteps a macrostep may take before it is stopped as a ``StatechartStep/livelock``.
  public var microstepLimit = 10_000

  /// How many times, since the start, enabled transitions conflicted and one was dropped (the
  /// W3C algorithm's `removeConflictingTransitions`); the differential test tells such
  /// deviations of its peer from others.
  package private(set) var conflictsResolved = 0

  /// Starts `chart`: enters its initial configuration and completes the first macrostep.
  ///
  /// The commands of that macrostep (entry actions of the initial states) are in ``commands``.
  ///
  /// - Parameter chart: The chart to run.
  public init(_ chart: Statechart) {
    self.init(chart, fastPath: true)
  }

  /// Starts `chart`, with or without the precomputed fast path; the tests compare the two.
  package init(_ chart: Statechart, fastPath: Bool) {
    self.chart = chart
    self.tables = chart.tables
    self.fast = fastPath ? chart.tables.fast?.view : nil
    self.chartIdentity = ObjectIdentifier(chart.tables)
    let words = tables.words
    active = Array(repeating: 0, count: words)
    history = Array(repeating: 0, count: max(tables.historyCount, 1) * words)
    recorded = Array(repeating: false, count: max(tables.historyCount, 1))
    exitSet = Array(repeating: 0, count: words)
    toEnter = Array(repeating: 0, count: words)
    defaultEntry = Array(repeating: 0, count: words)
    historyContent = Array(repeating: -1, count: tables.count)
    enabled.reserveCapacity(8)
    filtered.reserveCapacity(8)
    internalQueue.reserveCapacity(8)
    externalQueue.reserveCapacity(4)
    if tables.defaultTransition[0] >= 0 {
      enabled.append(tables.defaultTransition[0])
      enterStates()
      enabled.removeAll(keepingCapacity: true)
      _ = completeMacrostep(microsteps: 1)
    }
  }

  // MARK: - Reading the configuration

  /// The ids of the active atomic states, in document order.
  public var configuration: [String] {
    activeNodes.filter { tables.kinds[$0] == .atomic || tables.kinds[$0] == .final }
      .map { tables.ids[$0] }
  }

  /// The ids of every active state, ancestors included, in document order.
  public var activeStates: [String] {
    activeNodes.map { tables.ids[$0] }
  }

  /// Whether the state with this id is active; `false` for an id the chart does not have.
  ///
  /// - Parameter id: A state's id.
  public func isActive(_ id: String) -> Bool {
    guard let node = tables.index[id], node > 0 else { return false }
    return bit(active, node)
  }

  /// Whether the chart reached a top-level final state; later events are ignored.
  public var isFinished: Bool { !running }

  private var activeNodes: [Int] {
    (1..<tables.count).filter { bit(active, $0) }
  }

  // MARK: - Steps

  /// Handles an external event: one macrostep.
  ///
  /// - Parameter event: The event, resolved with ``Statechart/event(_:)`` on this chart (a
  ///   handle of another chart is looked up by its name).
  /// - Returns: What the event did. The commands to carry out are in ``commands``.
  @discardableResult
  public mutating func send(_ event: StatechartEvent) -> StatechartStep {
    guard event.chart == chartIdentity else { return send(event.name) }
    return handle(eventClass: event.eventClass)
  }

  /// Handles an external event given by name: one macrostep.
  ///
  /// - Parameter name: The event's name, such as `play` or `error.network`.
  /// - Returns: What the event did. The commands to carry out are in ``commands``.
  @discardableResult
  // Not inlined into `send(_: StatechartEvent)`, where its lookup would add reference counting
  // to the path of every event.
  @inline(never)
  public mutating func send(_ name: String) -> StatechartStep {
    handle(eventClass: tables.eventClass(of: name))
  }

  @usableFromInline
  internal mutating func handle(eventClass: Int) -> StatechartStep {
    if !commands.isEmpty { commands.removeAll(keepingCapacity: true) }
    guard running else { return .ignored }
    let selection: Int
    if let fast {
      // Most events of a small chart change the configuration and nothing else: answer those
      // from the tables alone. The queues are empty between steps (only a livelock can leave
      // events in the external queue).
      let current = active[0]
      let chosen = fast.select(active: current, eventClass: eventClass)
      let settled = externalHead == externalQueue.count
      if chosen >= 0, let next = fast.quietTarget(of: chosen, active: current) {
        active[0] = next
        if settled, next & fast.eventlessMask == 0 { return .handled(microsteps: 1) }
        return finish(completeMacrostep(microsteps: 1))
      }
      if chosen == -1, settled, current & fast.eventlessMask == 0 { return .ignored }
      selection = chosen == ChartFastPath.general ? selectGeneral(eventClass: eventClass) : chosen
    } else {
      selection = selectGeneral(eventClass: eventClass)
    }
    var microsteps = 0
    if selection != -1 {
      take(selection)
      microsteps = 1
    }
    return finish(completeMacrostep(microsteps: microsteps))
  }

  /// Ends the macrostep that gave `step`, then runs the events the chart sent itself without
  /// delay, each a macrostep of its own.
  private mutating func finish(_ step: StatechartStep) -> StatechartStep {
    var total = step.microsteps
    if step == .livelock { return step }
    while running, externalHead < externalQueue.count {
      let next = externalQueue[externalHead]
      externalHead += 1
      let selection = select(eventClass: next)
      var count = 0
      if selection != -1 {
        take(selection)
        count = 1
      }
      let followUp = completeMacrostep(microsteps: count)
      if followUp == .livelock { return followUp }
      total += followUp.microsteps
    }
    if externalHead > 0 {
      externalQueue.removeAll(keepingCapacity: true)
      externalHead = 0
    }
    return total == 0 ? .ignored : .handled(microsteps: total)
  }

  /// Takes eventless transitions and internal events until none is left.
  private mutating func completeMacrostep(microsteps: Int) -> StatechartStep {
    var count = microsteps
    while running {
      var selection = select(eventClass: -1)
      if selection == -1 {
        guard internalHead < internalQueue.count else { break }
        let next = internalQueue[internalHead]
        internalHead += 1
        selection = select(eventClass: next)
      }
      if selection != -1 {
        if count >= microstepLimit {
          internalQueue.removeAll(keepingCapacity: true)
          internalHead = 0
          return .livelock
        }
        take(selection)
        count += 1
      }
    }
    if internalHead > 0 {
      internalQueue.removeAll(keepingCapacity: true)
      internalHead = 0
    }
    return count == 0 ? .ignored : .handled(microsteps: count)
  }

  // MARK: - Selecting transitions

  /// Selects the transitions an event enables (eventless ones for class -1): the one
  /// transition the fast path can take (`>= 0`), none (`-1`), or `-2` when the general
  /// selection filled `enabled`.
  private mutating func select(eventClass: Int) -> Int {
    if let fast {
      let chosen = fast.select(active: active[0], eventClass: eventClass)
      if chosen != ChartFastPath.general { return chosen }
    }
    return selectGeneral(eventClass: eventClass)
  }

  /// The general selection: fills `enabled` and answers `-2`, or `-1` when nothing is enabled.
  private mutating func selectGeneral(eventClass: Int) -> Int {
    selectTransitions(eventClass: eventClass)
    return enabled.isEmpty ? -1 : -2
  }

  /// Fills `enabled` with the transitions the event enables (eventless ones for class -1),
  /// without conflicts.
  private mutating func selectTransitions(eventClass: Int) {
    enabled.removeAll(keepingCapacity: true)
    let tables = self.tables
    for word in 0..<tables.words {
      var atoms = active[word] & tables.atomicMask[word]
      while atoms != 0 {
        let atom = word << 6 | atoms.trailingZeroBitCount
        atoms &= atoms &- 1
        var node = atom
        search: while node > 0 {
          let start: Int
          let end: Int
          if eventClass < 0 {
            start = Int(tables.eventlessStart[node])
            end = Int(tables.eventlessStart[node + 1])
          } else {
            let slot = node &* tables.classCount &+ eventClass
            start = Int(tables.candidateStart[slot])
            end = Int(tables.candidateStart[slot + 1])
          }
          var position = start
          while position < end {
            let transition =
              eventClass < 0
              ? Int(tables.eventlessList[position]) : Int(tables.candidateList[position])
            if holds(tables.transitions[transition].condition) {
              if !enabled.contains(transition) { enabled.append(transition) }
              break search
            }
            position += 1
          }
          node = tables.parent[node]
        }
      }
    }
    if enabled.count > 1 { removeConflictingTransitions() }
  }

  private func holds(_ condition: CompiledGuard?) -> Bool {
    guard let condition else { return true }
    return evaluate(condition)
  }

  private func evaluate(_ condition: CompiledGuard) -> Bool {
    switch condition {
    case .isActive(let node): bit(active, node)
    case .not(let inner): !evaluate(inner)
    case .all(let parts): parts.allSatisfy { evaluate($0) }
    case .any(let parts): parts.contains { evaluate($0) }
    }
  }

  /// Keeps, of transitions whose exit sets intersect, the one whose source is a descendant of
  /// the other's, else the earlier one.
  private mutating func removeConflictingTransitions() {
    filtered.removeAll(keepingCapacity: true)
    for index in enabled.indices {
      let first = enabled[index]
      var preempted = false
      for second in filtered where exitSetsIntersect(first, second) {
        if !tables.isDescendant(
          tables.transitions[first].source, of: tables.transitions[second].source)
        {
          preempted = true
          break
        }
      }
      if preempted {
        conflictsResolved += 1
        continue
      }
      var kept = 0
      for position in filtered.indices {
        let second = filtered[position]
        if !exitSetsIntersect(first, second) {
          filtered[kept] = second
          kept += 1
        }
      }
      if kept < filtered.count { conflictsResolved += 1 }
      filtered.removeLast(filtered.count - kept)
      filtered.append(first)
    }
    swap(&enabled, &filtered)
  }

  /// Whether the states two transitions would exit have one in common.
  private func exitSetsIntersect(_ first: Int, _ second: Int) -> Bool {
    let firstDomain = domain(of: first)
    let secondDomain = domain(of: second)
    guard firstDomain >= 0, secondDomain >= 0 else { return false }
    let low = max(firstDomain, secondDomain) + 1
    let high = min(tables.end[firstDomain], tables.end[secondDomain])
    return anyBit(active, from: low, to: high)
  }

  // MARK: - Domains

  /// The W3C transition domain: the state whose descendants the transition exits; -1 when it
  /// has no targets.
  private func domain(of number: Int) -> Int {
    let transition = tables.transitions[number]
    guard transition.hasHistoryTarget else { return transition.staticDomain }
    let source = transition.source
    if transition.isInternal, tables.kinds[source] == .compound,
      targetsDescend(transition.targets, from: source)
    {
      return source
    }
    var ancestor = tables.parent[source]
    while ancestor > 0 {
      if tables.kinds[ancestor] == .compound, targetsDescend(transition.targets, from: ancestor) {
        return ancestor
      }
      ancestor = tables.parent[ancestor]
    }
    return 0
  }

  /// Whether all the effective targets (history resolved) are descendants of `ancestor`.
  private func targetsDescend(_ targets: [Int], from ancestor: Int) -> Bool {
    for target in targets {
      if tables.kinds[target].isHistory {
        let slot = tables.historySlot[target]
        if recorded[slot] {
          let base = slot * tables.words
          for word in 0..<tables.words {
            var bits = history[base + word]
            while bits != 0 {
              let node = word << 6 | bits.trailingZeroBitCount
              bits &= bits &- 1
              if !tables.isDescendant(node, of: ancestor) { return false }
            }
          }
        } else {
          let fallback = tables.transitions[tables.defaultTransition[target]].targets
          if !targetsDescend(fallback, from: ancestor) { return false }
        }
      } else if !tables.isDescendant(target, of: ancestor) {
        return false
      }
    }
    return true
  }

  // MARK: - Microsteps

  /// Takes the microstep of a selection made by `select(eventClass:)`.
  private mutating func take(_ selection: Int) {
    if selection >= 0 {
      if let fast, fastMicrostep(selection, fast) { return }
      // The general selection would have enabled exactly this transition.
      enabled.removeAll(keepingCapacity: true)
      enabled.append(selection)
    }
    microstep()
  }

  /// The microstep of one transition through the precomputed sets, when it exits no state with
  /// history and enters no final state; `false` (and nothing done) otherwise.
  private mutating func fastMicrostep(_ number: Int, _ fast: FastPathView) -> Bool {
    let transition = fast.transitions[number]
    guard transition.isStatic else { return false }
    let current = active[0]
    let exiting = current & transition.exitRange
    guard exiting & fast.historyOwnerMask == 0, transition.enter & fast.finalMask == 0 else {
      return false
    }
    // Exit actions in reverse document order, then the transition's, then entry actions (each
    // state's default-entry actions right after its own) in document order, as the general
    // microstep runs them. Actions only queue events and commands, so the configuration can
    // change in one write.
    var work = exiting & fast.exitActionMask
    while work != 0 {
      let node = 63 - work.leadingZeroBitCount
      work &= ~(1 << UInt64(node))
      run(tables.exitActions[node])
    }
    active[0] = (current & ~exiting) | transition.enter
    if transition.hasActions { run(tables.transitions[number].actions) }
    let defaults = transition.defaultEntry & fast.defaultActionMask
    work = transition.enter & (fast.entryActionMask | defaults)
    while work != 0 {
      let node = work.trailingZeroBitCount
      work &= work &- 1
      let bit: UInt64 = 1 << UInt64(node)
      if fast.entryActionMask & bit != 0 { run(tables.entryActions[node]) }
      if defaults & bit != 0 { run(tables.transitions[tables.defaultTransition[node]].actions) }
    }
    return true
  }

  private mutating func microstep() {
    exitStates()
    for transition in enabled {
      run(tables.transitions[transition].actions)
    }
    enterStates()
  }

  private mutating func exitStates() {
    let words = tables.words
    for word in 0..<words { exitSet[word] = 0 }
    var any = false
    for transition in enabled {
      let domain = domain(of: transition)
      guard domain >= 0 else { continue }
      any = true
      setRange(&exitSet, from: domain + 1, to: tables.end[domain], masking: active)
    }
    guard any else { return }
    // Record history before anything is exited.
    for word in 0..<words {
      var bits = exitSet[word]
      while bits != 0 {
        let node = word << 6 | bits.trailingZeroBitCount
        bits &= bits &- 1
        for historyNode in tables.histories[node] {
          recordHistory(historyNode, of: node)
        }
      }
    }
    var word = words - 1
    while word >= 0 {
      var bits = exitSet[word]
      while bits != 0 {
        let offset = 63 - bits.leadingZeroBitCount
        bits &= ~(1 << UInt64(offset))
        let node = word << 6 | offset
        run(tables.exitActions[node])
        active[word] &= ~(1 << UInt64(offset))
      }
      word -= 1
    }
  }

  private mutating func recordHistory(_ historyNode: Int, of node: Int) {
    let slot = tables.historySlot[historyNode]
    let base = slot * tables.words
    for word in 0..<tables.words { history[base + word] = 0 }
    if tables.kinds[historyNode] == .deepHistory {
      for word in 0..<tables.words {
        var bits = active[word] & tables.atomicMask[word]
        while bits != 0 {
          let descendant = word << 6 | bits.trailingZeroBitCount
          bits &= bits &- 1
          if tables.isDescendant(descendant, of: node) {
            history[base + descendant >> 6] |= 1 << UInt64(descendant & 63)
          }
        }
      }
    } else {
      for child in tables.children[node] where bit(active, child) {
        history[base + child >> 6] |= 1 << UInt64(child & 63)
      }
    }
    recorded[slot] = true
  }

  private mutating func enterStates() {
    let words = tables.words
    for word in 0..<words {
      toEnter[word] = 0
      defaultEntry[word] = 0
    }
    for index in enabled.indices {
      let transition = enabled[index]
      let targets = tables.transitions[transition].targets
      for target in targets { addDescendantStatesToEnter(target) }
      let ancestor = domain(of: transition)
      for target in targets { addAncestorsOfEffectiveTarget(target, upTo: ancestor) }
    }
    for word in 0..<words {
      var bits = toEnter[word]
      while bits != 0 {
        let offset = bits.trailingZeroBitCount
        bits &= bits &- 1
        let node = word << 6 | offset
        active[word] |= 1 << UInt64(offset)
        run(tables.entryActions[node])
        if defaultEntry[word] & (1 << UInt64(offset)) != 0 {
          run(tables.transitions[tables.defaultTransition[node]].actions)
        }
        if historyContent[node] >= 0 {
          run(tables.transitions[historyContent[node]].actions)
        }
        if tables.kinds[node] == .final { completed(node) }
      }
    }
    for node in historyContentSet { historyContent[node] = -1 }
    historyContentSet.removeAll(keepingCapacity: true)
  }

  /// Raises the `done.state.*` events a final state's entry causes.
  private mutating func completed(_ node: Int) {
    let parent = tables.parent[node]
    if parent == 0 {
      running = false
      return
    }
    internalQueue.append(tables.doneClass[parent])
    let grandparent = tables.parent[parent]
    if tables.kinds[grandparent] == .parallel,
      tables.children[grandparent].allSatisfy({ isInFinalState($0) })
    {
      internalQueue.append(tables.doneClass[grandparent])
    }
  }

  private func isInFinalState(_ node: Int) -> Bool {
    switch tables.kinds[node] {
    case .compound:
      tables.children[node].contains { tables.kinds[$0] == .final && bit(active, $0) }
    case .parallel:
      tables.children[node].allSatisfy { isInFinalState($0) }
    default:
      false
    }
  }

  private mutating func addDescendantStatesToEnter(_ node: Int) {
    let kind = tables.kinds[node]
    if kind.isHistory {
      let slot = tables.historySlot[node]
      let parent = tables.parent[node]
      if recorded[slot] {
        let base = slot * tables.words
        for word in 0..<tables.words {
          var bits = history[base + word]
          while bits != 0 {
            let state = word << 6 | bits.trailingZeroBitCount
            bits &= bits &- 1
            addDescendantStatesToEnter(state)
          }
        }
        for word in 0..<tables.words {
          var bits = history[base + word]
          while bits != 0 {
            let state = word << 6 | bits.trailingZeroBitCount
            bits &= bits &- 1
            addAncestorStatesToEnter(state, upTo: parent)
          }
        }
      } else {
        let fallback = tables.defaultTransition[node]
        if historyContent[parent] < 0 { historyContentSet.append(parent) }
        historyContent[parent] = fallback
        for target in tables.transitions[fallback].targets { addDescendantStatesToEnter(target) }
        for target in tables.transitions[fallback].targets {
          addAncestorsOfEffectiveTarget(target, upTo: parent)
        }
      }
      return
    }
    toEnter[node >> 6] |= 1 << UInt64(node & 63)
    if kind == .compound {
      defaultEntry[node >> 6] |= 1 << UInt64(node & 63)
      let initial = tables.transitions[tables.defaultTransition[node]].targets
      for target in initial { addDescendantStatesToEnter(target) }
      for target in initial { addAncestorsOfEffectiveTarget(target, upTo: node) }
    } else if kind == .parallel {
      for child in tables.children[node]
      where !anyBit(toEnter, from: child + 1, to: tables.end[child]) {
        addDescendantStatesToEnter(child)
      }
    }
  }

  /// `addAncestorStatesToEnter` for each effective target of `node` (itself, or what a history
  /// state stands for).
  private mutating func addAncestorsOfEffectiveTarget(_ node: Int, upTo ancestor: Int) {
    guard tables.kinds[node].isHistory else {
      addAncestorStatesToEnter(node, upTo: ancestor)
      return
    }
    let slot = tables.historySlot[node]
    if recorded[slot] {
      let base = slot * tables.words
      for word in 0..<tables.words {
        var bits = history[base + word]
        while bits != 0 {
          let state = word << 6 | bits.trailingZeroBitCount
          bits &= bits &- 1
          addAncestorStatesToEnter(state, upTo: ancestor)
        }
      }
    } else {
      for target in tables.transitions[tables.defaultTransition[node]].targets {
        addAncestorsOfEffectiveTarget(target, upTo: ancestor)
      }
    }
  }

  private mutating func addAncestorStatesToEnter(_ node: Int, upTo ancestor: Int) {
    var current = tables.parent[node]
    while current > 0, current != ancestor {
      toEnter[current >> 6] |= 1 << UInt64(current & 63)
      if tables.kinds[current] == .parallel {
        for child in tables.children[current]
        where !anyBit(toEnter, from: child + 1, to: tables.end[child]) {
          addDescendantStatesToEnter(child)
        }
      }
      current = tables.parent[current]
    }
  }

  // MARK: - Actions

  private mutating func run(_ actions: [CompiledAction]) {
    for action in actions {
      switch action {
      case .raise(let eventClass):
        internalQueue.append(eventClass)
      case .send(let name, let eventClass, let delay, let id):
        if delay == .zero && id == nil {
          externalQueue.append(eventClass)
        } else {
          commands.append(.schedule(name, after: delay, id: id))
        }
      case .cancel(let id):
        commands.append(.cancel(id))
      case .emit(let output):
        commands.append(.emit(output))
      }
    }
  }
}

// MARK: - Sets of nodes

@inline(__always)
private func bit(_ set: [UInt64], _ node: Int) -> Bool {
  set[node >> 6] & (1 << UInt64(node & 63)) != 0
}

/// Whether any node in `low ..< high` is in `set`.
private func anyBit(_ set: [UInt64], from low: Int, to high: Int) -> Bool {
  guard low < high else { return false }
  var word = low >> 6
  let last = (high - 1) >> 6
  while word <= last {
    var mask = UInt64.max
    if word == low >> 6 { mask &= UInt64.max << UInt64(low & 63) }
    if word == last { mask &= UInt64.max >> UInt64(63 - ((high - 1) & 63)) }
    if set[word] & mask != 0 { return true }
    word += 1
  }
  return false
}

/// Adds the nodes of `low ..< high` that are in `mask` to `set`.
private func setRange(_ set: inout [UInt64], from low: Int, to high: Int, masking mask: [UInt64]) {
  guard low < high else { return }
  var word = low >> 6
  let last = (high - 1) >> 6
  while word <= last {
    var bits = UInt64.max
    if word == low >> 6 { bits &= UInt64.max << UInt64(low & 63) }
    if word == last { bits &= UInt64.max >> UInt64(63 - ((high - 1) & 63)) }
    set[word] |= bits & mask[word]
    word += 1
  }
}
