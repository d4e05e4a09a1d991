/// The lookup from (state, event kind) to the rows that may fire, in O(1) of the number of
/// transitions and without allocating.
///
/// Every state that leaves by some row has a *position* in the table; any other state has the
/// position of an extra, empty line. An ``AutomatonMachine`` keeps the position of its current
/// state next to the state, and the table says where each row leads, so a running machine only
/// has to find the kind.
///
/// When the kinds are `CaseIterable` and at most `denseLimit` of them have rows, a kind is found
/// with a few comparisons (or read from its byte, for a small payload-free enum) and its rows
/// come from a dense matrix with one line per state and one column per kind; a state's position
/// is the start of its line. Otherwise each state has a dictionary of its rows keyed by kind,
/// and its position is its index in `hashedSlots`. States are found the same way: from their
/// byte for a payload-free enum of at most `denseLimit` cases (each case then has a line, rows
/// or not), by comparisons when they are `CaseIterable` and at most `denseLimit` of them have
/// rows, by hashing otherwise. A running feature, which keeps only the state, finds its line
/// with each event.
@usableFromInline
internal struct TransitionTable<State: Hashable & Sendable, Kind: Hashable & Sendable>: Sendable {
  /// A (state, kind) pair, the key rows are grouped by.
  @usableFromInline
  internal struct Key: Hashable, Sendable {
    @usableFromInline let state: State
    @usableFromInline let kind: Kind

    @inlinable
    init(state: State, kind: Kind) {
      self.state = state
      self.kind = kind
    }
  }

  /// The rows that may fire for one state and kind, and where the first of them leads.
  @usableFromInline
  internal struct Slot: Sendable {
    /// The rows, tried in order.
    @usableFromInline let rows: Range<Int>
    /// The position of the state the first row enters, so that a step without guards finds its
    /// next position in the same load as its row.
    @usableFromInline let firstTarget: Int

    @inlinable
    init(rows: Range<Int>, firstTarget: Int) {
      self.rows = rows
      self.firstTarget = firstTarget
    }

    /// No rows.
    @inlinable
    static var empty: Self { Self(rows: 0..<0, firstTarget: 0) }
  }

  /// Where a row leads.
  @usableFromInline
  internal struct Target: Sendable {
    /// The state the row enters.
    @usableFromInline let state: State
    /// The position of `state` in the table.
    @usableFromInline let position: Int
    /// Whether the row is an internal transition, which leaves and enters nothing.
    @usableFromInline let isInternal: Bool
  }

  /// The states that leave by some row, in the order their first group appears; all the cases,
  /// in declaration order, when `stateIndexIsByte`.
  @usableFromInline
  internal let states: [State]
  /// Whether a state is found by comparing it with `states` rather than by hashing.
  @usableFromInline
  internal let searchesStates: Bool
  /// Whether a state's index in `states` is the value of its one byte, which holds when
  /// `states` are all the cases of a payload-free enum in declaration order.
  @usableFromInline
  internal let stateIndexIsByte: Bool
  /// The position of each of `states`, when they are not searched.
  @usableFromInline
  internal let statePositions: [State: Int]
  /// The distance between the positions of consecutive `states`: the number of columns of
  /// `denseSlots`, or 1 when kinds are hashed per state.
  @usableFromInline
  internal let stride: Int
  /// The kinds with a column in `denseSlots`, when kinds are searched or indexed.
  @usableFromInline
  internal let kinds: [Kind]
  /// Whether kinds are found by comparing them with `kinds` and their rows read from
  /// `denseSlots`, rather than looked up in `hashedSlots`.
  @usableFromInline
  internal let searchesKinds: Bool
  /// Whether a kind's index in `kinds` is the value of its one byte, which holds when `kinds`
  /// are all the cases of a payload-free enum in declaration order.
  @usableFromInline
  internal let kindIndexIsByte: Bool
  /// Whether kinds that are not searched are hashed once, in `kindIndexes`, to their column of
  /// `denseSlots`, rather than per state in `hashedSlots`; chosen when the dense table is not
  /// much larger than the rows, so that building it hashes each kind once instead of each row.
  @usableFromInline
  internal let indexesKinds: Bool
  /// The column of each kind in `denseSlots`, when `indexesKinds`.
  @usableFromInline
  internal let kindIndexes: [Kind: Int]
  /// The rows of the state at position `p` for the kind at index `k` of `kinds` are
  /// `denseSlots[p + k]`; the last column (for an unknown kind) and the last line (for a state
  /// that no row leaves) are empty.
  @usableFromInline
  internal let denseSlots: [Slot]
  /// The rows of the state at position `p` by kind are `hashedSlots[p]`; the last dictionary,
  /// for a state that no row leaves, is empty.
  @usableFromInline
  internal let hashedSlots: [[Kind: Slot]]
  /// Where each row leads.
  @usableFromInline
  internal let targets: [Target]

  /// Above this many cases a linear search for an index would cost more than hashing.
  static var denseLimit: Int { 16 }

  /// Whether a dense table of `states` lines (and one for unknown states) by `kinds` columns
  /// (and one for unknown kinds) is small enough, next to `rows`, to index hashed kinds.
  static func indexesKinds(states: Int, kinds: Int, rows: Int) -> Bool {
    (states + 1) * (kinds + 1) <= 4 * rows + 1_024
  }

  // Plain stored properties rather than an enum with array payloads: binding an enum's payload
  // retains and releases each array on every lookup, which costs more than the lookup itself.

  /// Builds the table for rows already grouped by key.
  ///
  /// - Parameters:
  ///   - groups: Each key with the range of its rows, in the order the rows are stored.
  ///   - targets: For each row, the state it enters and whether it is internal.
  init(groups: [(key: Key, rows: Range<Int>)], targets: [(state: State, isInternal: Bool)]) {
    var states: [State] = []
    var stateIndexes: [State: Int] = [:]
    var kinds: [Kind] = []
    var kindIndexes: [Kind: Int] = [:]
    for group in groups {
      if stateIndexes[group.key.state] == nil {
        stateIndexes[group.key.state] = states.count
        states.append(group.key.state)
      }
      if kindIndexes[group.key.kind] == nil {
        kindIndexes[group.key.kind] = kinds.count
        kinds.append(group.key.kind)
      }
    }

    // A payload-free enum of states gets a line for each of its cases, in declaration order, so
    // that a state's byte is its index: a running feature, which has only the state, then finds
    // its line without a search.
    if Self.isSearchable(State.self, count: states.count), let all = Self.cases(of: State.self),
      Self.bytesAreIndexes(of: all), states.allSatisfy(all.contains)
    {
      states = all
      stateIndexes = Dictionary(uniqueKeysWithValues: zip(all, all.indices))
      stateIndexIsByte = true
    } else {
      stateIndexIsByte = false
    }

    searchesKinds = Self.isSearchable(Kind.self, count: kinds.count)
    if searchesKinds, let all = Self.cases(of: Kind.self), Self.bytesAreIndexes(of: all),
      kinds.allSatisfy(all.contains)
    {
      kinds = all
      kindIndexes = Dictionary(uniqueKeysWithValues: zip(all, all.indices))
      kindIndexIsByte = true
    } else {
      kindIndexIsByte = false
    }
    indexesKinds =
      !searchesKinds
      && Self.indexesKinds(states: states.count, kinds: kinds.count, rows: targets.count)
    let stride = searchesKinds || indexesKinds ? kinds.count + 1 : 1
    let unknownState = states.count * stride
    let positions = stateIndexes.mapValues { $0 * stride }
    let targets = targets.map {
      Target(
        state: $0.state, position: positions[$0.state] ?? unknownState, isInternal: $0.isInternal)
    }
    func slot(_ rows: Range<Int>) -> Slot {
      Slot(rows: rows, firstTarget: targets[rows.lowerBound].position)
    }

    self.states = states
    self.stride = stride
    self.targets = targets
    searchesStates = Self.isSearchable(State.self, count: states.count)
    statePositions = searchesStates ? [:] : positions
    if searchesKinds || indexesKinds {
      var slots = [Slot](repeating: .empty, count: (states.count + 1) * stride)
      for group in groups {
        if let p = positions[group.key.state], let k = kindIndexes[group.key.kind] {
          slots[p + k] = slot(group.rows)
        }
      }
      self.kinds = kinds
      self.kindIndexes = indexesKinds ? kindIndexes : [:]
      denseSlots = slots
      hashedSlots = []
    } else {
      self.kindIndexes = [:]
      var slots = [[Kind: Slot]](repeating: [:], count: states.count + 1)
      for group in groups {
        if let p = positions[group.key.state] {
          slots[p][group.key.kind] = slot(group.rows)
        }
      }
      self.kinds = []
      denseSlots = []
      hashedSlots = slots
    }
  }

  /// The table of transitions whose states and kinds the caller has numbered, as an importer
  /// that read them from text knows them: `states` and `kinds` are distinct, a group names its
  /// state and kind by number, a row its target by state number. It is the table
  /// ``init(groups:targets:)`` builds for the same rows, made without hashing a state or a kind
  /// per row; types whose values are searched or indexed by their byte (enums) take that
  /// initializer, which chooses those layouts.
  init(
    states: [State], kinds: [Kind], groups: [(state: Int, kind: Int, rows: Range<Int>)],
    targets: [(state: Int, isInternal: Bool)]
  ) {
    if Self.isSearchable(State.self, count: states.count)
      || Self.isSearchable(Kind.self, count: kinds.count)
    {
      self.init(
        groups: groups.map {
          (key: Key(state: states[$0.state], kind: kinds[$0.kind]), rows: $0.rows)
        },
        targets: targets.map { (state: states[$0.state], isInternal: $0.isInternal) })
    } else {
      self.init(hashing: states, kinds: kinds, groups: groups, targets: targets)
    }
  }

  /// The layouts of ``init(states:kinds:groups:targets:)`` for hashed states: a dictionary
  /// from state to position, and kinds either indexed to a column of one dense table or, when
  /// that table would be much larger than the rows, hashed in a dictionary per state.
  private init(
    hashing states: [State], kinds: [Kind], groups: [(state: Int, kind: Int, rows: Range<Int>)],
    targets: [(state: Int, isInternal: Bool)]
  ) {
    self.states = states
    searchesStates = false
    stateIndexIsByte = false
    searchesKinds = false
    kindIndexIsByte = false
    indexesKinds = Self.indexesKinds(
      states: states.count, kinds: kinds.count, rows: targets.count)
    let stride = indexesKinds ? kinds.count + 1 : 1
    self.stride = stride
    var positions: [State: Int] = [:]
    positions.reserveCapacity(states.count)
    for (index, state) in states.enumerated() { positions[state] = index * stride }
    statePositions = positions
    self.targets = targets.map {
      Target(state: states[$0.state], position: $0.state * stride, isInternal: $0.isInternal)
    }
    if indexesKinds {
      var slots = [Slot](repeating: .empty, count: (states.count + 1) * stride)
      for group in groups {
        slots[group.state * stride + group.kind] = Slot(
          rows: group.rows, firstTarget: targets[group.rows.lowerBound].state * stride)
      }
      var indexes: [Kind: Int] = [:]
      indexes.reserveCapacity(kinds.count)
      for (index, kind) in kinds.enumerated() { indexes[kind] = index }
      self.kinds = kinds
      kindIndexes = indexes
      denseSlots = slots
      hashedSlots = []
      return
    }
    self.kinds = []
    kindIndexes = [:]
    denseSlots = []
    var groupsOfState = [Int](repeating: 0, count: states.count + 1)
    for group in groups { groupsOfState[group.state] += 1 }
    var slots = groupsOfState.map { count in
      var slots: [Kind: Slot] = [:]
      slots.reserveCapacity(count)
      return slots
    }
    for group in groups {
      slots[group.state][kinds[group.kind]] = Slot(
        rows: group.rows, firstTarget: targets[group.rows.lowerBound].state)
    }
    hashedSlots = slots
  }

  /// The position of `state`, or that of the empty line when no row leaves it.
  @inlinable
  @inline(__always)
  func position(of state: State) -> Int {
    if MemoryLayout<State>.size == 1 && stateIndexIsByte {
      // As for kinds in `slot(at:kind:)`: a byte that is no index is searched for below.
      let byte = Int(withUnsafeBytes(of: state) { $0[0] })
      if byte < states.count {
        return byte &* stride
      }
    }
    if searchesStates {
      var index = 0
      while index < states.count && states[index] != state {
        index &+= 1
      }
      return index &* stride
    }
    return statePositions[state] ?? states.count &* stride
  }

  /// The rows that may fire for `kind` in the state at `position`; empty when none is declared.
  @inlinable
  @inline(__always)
  func slot(at position: Int, kind: Kind) -> Slot {
    if MemoryLayout<Kind>.size == 1 && kindIndexIsByte {
      // The kinds were checked to be one-byte values whose bytes are their indexes. A kind with
      // any other byte is none of them by its bits, but may still equal one of them, so it is
      // searched for below.
      let byte = Int(withUnsafeBytes(of: kind) { $0[0] })
      if byte < kinds.count {
        return denseSlots[position &+ byte]
      }
    }
    if searchesKinds {
      return denseSlots[position &+ index(of: kind)]
    }
    if indexesKinds {
      guard let column = kindIndexes[kind] else { return .empty }
      return denseSlots[position &+ column]
    }
    return hashedSlots[position][kind] ?? .empty
  }

  /// Where `row` leads.
  @inlinable
  @inline(__always)
  func target(ofRow row: Int) -> Target {
    // Checked, though row indexes come from this table's slots: an unchecked read saved about
    // 4% of a step, not worth memory safety resting on an internal invariant.
    targets[row]
  }

  /// The rows that may fire for `kind` in `state`; empty when none is declared.
  @inlinable
  @inline(__always)
  func rows(for state: State, kind: Kind) -> Range<Int> {
    slot(at: position(of: state), kind: kind).rows
  }

  /// The index of `kind` among `kinds`, or `kinds.count`, the empty last column of
  /// `denseSlots`, when it is not one of them.
  @inlinable
  @inline(__always)
  func index(of kind: Kind) -> Int {
    var index = 0
    while index < kinds.count && kinds[index] != kind {
      index &+= 1
    }
    return index
  }

  /// Whether indexes of `count` values of `type` are cheaper to find by comparing than by
  /// hashing: the values are cases of a small `CaseIterable` type, which compare cheaply.
  static func isSearchable<T>(_ type: T.Type, count: Int) -> Bool {
    type is any CaseIterable.Type && count <= denseLimit
  }

  /// Whether `values` are distinct one-byte values whose bytes are their positions, as the
  /// cases of a payload-free enum are.
  ///
  /// A value of a one-byte type holds no reference, so two values with the same byte are the
  /// same value; the byte of such a value then says which of `values` it equals.
  static func bytesAreIndexes<T: Equatable>(of values: [T]) -> Bool {
    guard MemoryLayout<T>.size == 1, values.count <= denseLimit else { return false }
    return values.indices.allSatisfy { index in
      withUnsafeBytes(of: values[index]) { $0[0] } == index
        && values.firstIndex(of: values[index]) == index
    }
  }

  /// All the cases of `type` when it is `CaseIterable`, in declaration order.
  static func cases<T>(of type: T.Type) -> [T]? {
    guard let iterable = type as? any CaseIterable.Type else { return nil }
    return allCases(of: iterable) as? [T]
  }

  private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
    type.allCases.map { $0 }
  }
}
