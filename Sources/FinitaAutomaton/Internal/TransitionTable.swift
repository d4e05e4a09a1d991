/// The lookup from (state, event kind) to the rows that may fire, in O(1) of the number of
/// transitions.
///
/// When both the states and the kinds are small `CaseIterable` types, the table is a dense
/// array indexed by the positions of the state and the kind among their cases, found with a few
/// comparisons and no hashing; otherwise it is a dictionary keyed by the pair. Either way a
/// lookup allocates nothing.
@usableFromInline
internal struct TransitionTable<State: Hashable & Sendable, Kind: Hashable & Sendable>: Sendable {
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

  /// Whether lookups use the dense arrays rather than the dictionary.
  @usableFromInline
  internal let isDense: Bool
  /// The cases of the states, for dense lookups.
  @usableFromInline
  internal let denseStates: [State]
  /// The cases of the kinds, for dense lookups.
  @usableFromInline
  internal let denseKinds: [Kind]
  /// Rows for state `s` and kind `k` are `denseSlots[s * denseKinds.count + k]`.
  @usableFromInline
  internal let denseSlots: [Range<Int>]
  /// Rows by key, when the table is not dense.
  @usableFromInline
  internal let hashed: [Key: Range<Int>]

  /// Above this many cases a linear search for the index would cost more than hashing.
  static var denseLimit: Int { 16 }

  // Plain stored properties rather than an enum with array payloads: binding an enum's payload
  // retains and releases each array on every lookup, which costs more than the lookup itself.

  /// Builds the table for rows already grouped by key: `groups` lists each key with the range of
  /// its rows, in the order the rows are stored.
  init(groups: [(key: Key, rows: Range<Int>)]) {
    if let states = Self.cases(of: State.self), let kinds = Self.cases(of: Kind.self),
      states.count <= Self.denseLimit, kinds.count <= Self.denseLimit
    {
      var slots = [Range<Int>](repeating: 0..<0, count: states.count * kinds.count)
      var complete = true
      for group in groups {
        guard let s = states.firstIndex(of: group.key.state),
          let k = kinds.firstIndex(of: group.key.kind)
        else {
          complete = false
          break
        }
        slots[s * kinds.count + k] = group.rows
      }
      if complete {
        isDense = true
        denseStates = states
        denseKinds = kinds
        denseSlots = slots
        hashed = [:]
        return
      }
    }
    var map: [Key: Range<Int>] = [:]
    for group in groups {
      map[group.key] = group.rows
    }
    isDense = false
    denseStates = []
    denseKinds = []
    denseSlots = []
    hashed = map
  }

  /// The rows that may fire for `kind` in `state`; empty when none is declared.
  @inlinable
  @inline(__always)
  func rows(for state: State, kind: Kind) -> Range<Int> {
    if isDense {
      guard let s = denseStates.firstIndex(of: state), let k = denseKinds.firstIndex(of: kind)
      else {
        return 0..<0
      }
      return denseSlots[s &* denseKinds.count &+ k]
    }
    return hashed[Key(state: state, kind: kind)] ?? 0..<0
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
