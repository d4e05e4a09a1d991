/// The kind of a compiled node.
@usableFromInline
internal enum NodeKind: UInt8, Sendable {
  case root
  case atomic
  case compound
  case parallel
  case final
  case shallowHistory
  case deepHistory

  @inlinable
  internal var isHistory: Bool { self == .shallowHistory || self == .deepHistory }
}

/// A guard, with state ids resolved to indexes.
@usableFromInline
internal indirect enum CompiledGuard: Sendable {
  case isActive(Int)
  case not(CompiledGuard)
  case all([CompiledGuard])
  case any([CompiledGuard])
}

/// An action, with event names resolved to event classes.
@usableFromInline
internal enum CompiledAction: Sendable {
  case raise(eventClass: Int)
  case send(String, eventClass: Int, delay: Duration, id: String?)
  case cancel(String)
  case emit(String)
}

/// A transition, with its states resolved to indexes.
@usableFromInline
internal struct CompiledTransition: Sendable {
  @usableFromInline let source: Int
  @usableFromInline let targets: [Int]
  @usableFromInline let isInternal: Bool
  @usableFromInline let condition: CompiledGuard?
  @usableFromInline let actions: [CompiledAction]
  /// The transition's domain when it does not depend on history; `-1` when targetless.
  @usableFromInline let staticDomain: Int
  /// Whether a target is a history pseudo-state, so that the domain depends on what it recorded.
  @usableFromInline let hasHistoryTarget: Bool
}

/// The precomputed, immutable indexes of a statechart. States are numbered in document order,
/// with the chart itself as node 0, so that the descendants of node `n` are exactly the nodes
/// `n + 1 ..< end[n]`: a descendant test is two comparisons and an exit set is a range of bits.
@usableFromInline
internal final class ChartTables: Sendable {
  /// Node ids; node 0 (the chart) has the empty id.
  let ids: [String]
  let index: [String: Int]
  @usableFromInline let parent: [Int]
  @usableFromInline let end: [Int]
  @usableFromInline let kinds: [NodeKind]
  @usableFromInline let children: [[Int]]
  @usableFromInline let histories: [[Int]]
  /// Per node, the slot of its recorded history, or -1 when the node is not a history state.
  @usableFromInline let historySlot: [Int]
  @usableFromInline let historyCount: Int
  /// Words of 64 bits in a set of nodes.
  @usableFromInline let words: Int
  @usableFromInline let atomicMask: [UInt64]
  /// Per compound node (and the chart), the index of its default-entry transition; per history
  /// node, the index of its default transition; -1 otherwise.
  @usableFromInline let defaultTransition: [Int]
  @usableFromInline let transitions: [CompiledTransition]
  /// Per node and event class (`node * classCount + class`), where its matching transitions
  /// start in `candidateList`; the range ends where the next entry starts.
  @usableFromInline let candidateStart: [Int32]
  @usableFromInline let candidateList: [Int32]
  /// Per node, where its eventless transitions start in `eventlessList` (ends at the next one).
  @usableFromInline let eventlessStart: [Int32]
  @usableFromInline let eventlessList: [Int32]
  @usableFromInline let entryActions: [[CompiledAction]]
  @usableFromInline let exitActions: [[CompiledAction]]
  /// Per node, the event class of `done.state.<id>`.
  @usableFromInline let doneClass: [Int]
  @usableFromInline let classCount: Int
  /// Event classes by name: every descriptor and every name the chart raises or sends. Class 0
  /// is for names that match no descriptor but `*`.
  let classes: [String: Int]
  /// The precomputed fast path; `nil` for charts of more than 63 states.
  @usableFromInline let fast: ChartFastPath?

  init(
    ids: [String], parent: [Int], end: [Int], kinds: [NodeKind], children: [[Int]],
    histories: [[Int]], historySlot: [Int], historyCount: Int, atomicMask: [UInt64],
    defaultTransition: [Int], transitions: [CompiledTransition], candidateStart: [Int32],
    candidateList: [Int32], eventlessStart: [Int32], eventlessList: [Int32],
    entryActions: [[CompiledAction]], exitActions: [[CompiledAction]], doneClass: [Int],
    classCount: Int, classes: [String: Int]
  ) {
    self.ids = ids
    self.index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    self.parent = parent
    self.end = end
    self.kinds = kinds
    self.children = children
    self.histories = histories
    self.historySlot = historySlot
    self.historyCount = historyCount
    self.words = (ids.count + 63) / 64
    self.atomicMask = atomicMask
    self.defaultTransition = defaultTransition
    self.transitions = transitions
    self.candidateStart = candidateStart
    self.candidateList = candidateList
    self.eventlessStart = eventlessStart
    self.eventlessList = eventlessList
    self.entryActions = entryActions
    self.exitActions = exitActions
    self.doneClass = doneClass
    self.classCount = classCount
    self.classes = classes
    self.fast = ChartFastPath(
      parent: parent, end: end, kinds: kinds, children: children, histories: histories,
      defaultTransition: defaultTransition, transitions: transitions,
      candidateStart: candidateStart, candidateList: candidateList,
      eventlessStart: eventlessStart, entryActions: entryActions, exitActions: exitActions,
      classCount: classCount)
  }

  @inlinable
  internal var count: Int { kinds.count }

  /// Whether `node` is a proper descendant of `ancestor`.
  @inlinable
  internal func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    ancestor < node && node < end[ancestor]
  }

  /// The event class of a name: that of its longest dot-separated prefix the chart knows, which
  /// matches exactly the same descriptors; class 0 when none.
  internal func eventClass(of name: String) -> Int {
    if let known = classes[name] { return known }
    var prefix = Substring(name)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      if let known = classes[String(prefix)] { return known }
    }
    return 0
  }
}
