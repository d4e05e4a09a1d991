/// What the fast path knows of one transition.
@usableFromInline
internal struct FastTransition: Sendable {
  /// Whether the states it exits and enters do not depend on history: no history target, and
  /// no history state met while computing its entry set.
  @usableFromInline let isStatic: Bool
  /// Whether the transition has actions of its own.
  @usableFromInline let hasActions: Bool
  /// The descendants of its domain; the states it exits are those of them that are active.
  @usableFromInline let exitRange: UInt64
  /// The states it enters.
  @usableFromInline let enter: UInt64
  /// The compound states of `enter` entered through their default transition.
  @usableFromInline let defaultEntry: UInt64
}

/// Precomputed answers for charts of at most 63 states, whose sets of states fit in one word.
///
/// Per active atomic state and event class it holds the one transition the W3C selection picks
/// for that state when no guard is in the way, and per transition the states it exits and enters
/// when no history is involved. The machine takes them only where they give the same result as
/// the general algorithm: one transition enabled, no guard to evaluate, no history to record or
/// restore, no final state entered. Everything else goes the general way.
///
/// The tables live in memory this object allocates once and never changes; the machine reads
/// them through a ``FastPathView`` of plain pointers, so an event costs no reference counting.
/// The object is `@unchecked Sendable` because of those pointers: nothing writes through them
/// after `init`, and `deinit` frees them.
@usableFromInline
internal final class ChartFastPath: @unchecked Sendable {
  /// A selection the tables cannot answer: a guard decides, or more than one transition is
  /// enabled.
  @usableFromInline static let general = -2
  /// Per atomic node and event class (`node * classCount + class`): the transition selected
  /// for that node, `-1` when no transition matches, ``general`` when a guard decides.
  private let selected: UnsafeMutableBufferPointer<Int32>
  private let transitionStorage: UnsafeMutableBufferPointer<FastTransition>
  /// What the machine reads on every event.
  @usableFromInline let view: FastPathView

  /// The fast path of a chart, or `nil` when its states do not fit in one word.
  init?(
    parent: [Int], end: [Int], kinds: [NodeKind], children: [[Int]], histories: [[Int]],
    defaultTransition: [Int], transitions: [CompiledTransition], candidateStart: [Int32],
    candidateList: [Int32], eventlessStart: [Int32], entryActions: [[CompiledAction]],
    exitActions: [[CompiledAction]], classCount: Int
  ) {
    let count = kinds.count
    guard count <= 64 else { return nil }
    var selected = Array(repeating: Int32(-1), count: count * classCount)
    var atomicMask: UInt64 = 0
    var eventlessMask: UInt64 = 0
    var historyOwnerMask: UInt64 = 0
    var finalMask: UInt64 = 0
    var exitActionMask: UInt64 = 0
    var entryActionMask: UInt64 = 0
    var defaultActionMask: UInt64 = 0
    for node in 1..<count {
      let bit: UInt64 = 1 << UInt64(node)
      if kinds[node] == .atomic || kinds[node] == .final { atomicMask |= bit }
      if kinds[node] == .final { finalMask |= bit }
      if eventlessStart[node] < eventlessStart[node + 1] { eventlessMask |= bit }
      if !histories[node].isEmpty { historyOwnerMask |= bit }
      if !exitActions[node].isEmpty { exitActionMask |= bit }
      if !entryActions[node].isEmpty { entryActionMask |= bit }
      if kinds[node] == .compound, !transitions[defaultTransition[node]].actions.isEmpty {
        defaultActionMask |= bit
      }
    }
    // The general selection walks from each atomic state outwards and takes the first
    // candidate whose guard holds: without a guard on the first candidate met, that is fixed.
    var atoms = atomicMask
    while atoms != 0 {
      let atom = atoms.trailingZeroBitCount
      atoms &= atoms &- 1
      for eventClass in 0..<classCount {
        var node = atom
        while node > 0 {
          let slot = node * classCount + eventClass
          if candidateStart[slot] < candidateStart[slot + 1] {
            let first = candidateList[Int(candidateStart[slot])]
            selected[atom * classCount + eventClass] =
              transitions[Int(first)].condition == nil ? first : Int32(Self.general)
            break
          }
          node = parent[node]
        }
      }
    }
    var entry = StaticEntry(
      parent: parent, end: end, kinds: kinds, children: children,
      defaultTransition: defaultTransition, transitions: transitions)
    let fastTransitions = transitions.map { transition in
      let domain = transition.staticDomain
      var exitRange: UInt64 = 0
      if domain >= 0 {
        for node in domain + 1..<end[domain] { exitRange |= 1 << UInt64(node) }
      }
      let entered = transition.hasHistoryTarget ? nil : entry.states(entering: transition)
      return FastTransition(
        isStatic: entered != nil, hasActions: !transition.actions.isEmpty,
        exitRange: exitRange, enter: entered?.enter ?? 0,
        defaultEntry: entered?.defaultEntry ?? 0)
    }
    self.selected = .allocate(capacity: max(selected.count, 1))
    _ = self.selected.initialize(from: selected)
    self.transitionStorage = .allocate(capacity: max(fastTransitions.count, 1))
    _ = self.transitionStorage.initialize(from: fastTransitions)
    view = FastPathView(
      selected: UnsafePointer(self.selected.baseAddress!),
      transitions: UnsafePointer(self.transitionStorage.baseAddress!),
      classCount: classCount, atomicMask: atomicMask, eventlessMask: eventlessMask,
      historyOwnerMask: historyOwnerMask, finalMask: finalMask, exitActionMask: exitActionMask,
      entryActionMask: entryActionMask, defaultActionMask: defaultActionMask)
  }

  deinit {
    selected.deallocate()
    transitionStorage.deallocate()
  }
}

/// The fast path's tables as the machine reads them: pointers into the storage of a
/// ``ChartFastPath`` and its masks. Valid while that object lives; the machine keeps it alive
/// through its ``ChartTables``.
@usableFromInline
internal struct FastPathView: @unchecked Sendable {
  @usableFromInline let selected: UnsafePointer<Int32>
  @usableFromInline let transitions: UnsafePointer<FastTransition>
  @usableFromInline let classCount: Int
  @usableFromInline let atomicMask: UInt64
  /// The nodes with eventless transitions.
  @usableFromInline let eventlessMask: UInt64
  /// The nodes with history states, whose exit records history.
  @usableFromInline let historyOwnerMask: UInt64
  @usableFromInline let finalMask: UInt64
  @usableFromInline let exitActionMask: UInt64
  @usableFromInline let entryActionMask: UInt64
  /// The compound nodes whose default transition has actions.
  @usableFromInline let defaultActionMask: UInt64

  /// The one transition an event enables in `active`, `-1` when none, ``general`` when the
  /// tables cannot tell. Class `-1` stands for the eventless transitions.
  @inlinable @inline(__always)
  internal func select(active: UInt64, eventClass: Int) -> Int {
    guard eventClass >= 0 else { return active & eventlessMask == 0 ? -1 : ChartFastPath.general }
    var chosen = -1
    var atoms = active & atomicMask
    while atoms != 0 {
      let atom = atoms.trailingZeroBitCount
      atoms &= atoms &- 1
      let transition = Int(selected[atom &* classCount &+ eventClass])
      if transition == -1 { continue }
      if transition == ChartFastPath.general { return ChartFastPath.general }
      if chosen < 0 {
        chosen = transition
      } else if chosen != transition {
        return ChartFastPath.general
      }
    }
    return chosen
  }

  /// The configuration after `transition` (a selection of ``select(active:eventClass:)``) when
  /// taking it runs no action, records no history and enters no final state, so that nothing
  /// but the configuration changes; `nil` otherwise.
  @inlinable @inline(__always)
  internal func quietTarget(of transition: Int, active: UInt64) -> UInt64? {
    let fast = transitions[transition]
    let exiting = active & fast.exitRange
    guard fast.isStatic, !fast.hasActions,
      exiting & (historyOwnerMask | exitActionMask) == 0,
      fast.enter & (finalMask | entryActionMask) == 0,
      fast.defaultEntry & defaultActionMask == 0
    else { return nil }
    return (active & ~exiting) | fast.enter
  }
}

/// The entry set of a single transition, computed as the general algorithm does while no
/// history state is met.
private struct StaticEntry {
  let parent: [Int]
  let end: [Int]
  let kinds: [NodeKind]
  let children: [[Int]]
  let defaultTransition: [Int]
  let transitions: [CompiledTransition]
  var enter: UInt64 = 0
  var defaultEntry: UInt64 = 0
  var metHistory = false

  init(
    parent: [Int], end: [Int], kinds: [NodeKind], children: [[Int]], defaultTransition: [Int],
    transitions: [CompiledTransition]
  ) {
    self.parent = parent
    self.end = end
    self.kinds = kinds
    self.children = children
    self.defaultTransition = defaultTransition
    self.transitions = transitions
  }

  /// The states `transition` enters and those of them entered by default; `nil` when that
  /// depends on history.
  mutating func states(
    entering transition: CompiledTransition
  ) -> (enter: UInt64, defaultEntry: UInt64)? {
    enter = 0
    defaultEntry = 0
    metHistory = false
    for target in transition.targets { addDescendants(target) }
    for target in transition.targets { addAncestors(target, upTo: transition.staticDomain) }
    return metHistory ? nil : (enter, defaultEntry)
  }

  private mutating func addDescendants(_ node: Int) {
    let kind = kinds[node]
    if kind.isHistory {
      metHistory = true
      return
    }
    enter |= 1 << UInt64(node)
    if kind == .compound {
      defaultEntry |= 1 << UInt64(node)
      let initial = transitions[defaultTransition[node]].targets
      for target in initial { addDescendants(target) }
      for target in initial { addAncestors(target, upTo: node) }
    } else if kind == .parallel {
      for child in children[node] where !anyEntered(from: child + 1, to: end[child]) {
        addDescendants(child)
      }
    }
  }

  private mutating func addAncestors(_ node: Int, upTo ancestor: Int) {
    if kinds[node].isHistory {
      metHistory = true
      return
    }
    var current = parent[node]
    while current > 0, current != ancestor {
      enter |= 1 << UInt64(current)
      if kinds[current] == .parallel {
        for child in children[current] where !anyEntered(from: child + 1, to: end[child]) {
          addDescendants(child)
        }
      }
      current = parent[current]
    }
  }

  private func anyEntered(from low: Int, to high: Int) -> Bool {
    guard low < high else { return false }
    var range: UInt64 = 0
    for node in low..<high { range |= 1 << UInt64(node) }
    return enter & range != 0
  }
}
