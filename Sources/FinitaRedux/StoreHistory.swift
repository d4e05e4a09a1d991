/// A store's state with its undo history: the states before the present one and the states undo
/// left behind, which redo brings back.
///
/// Read it with ``Store/history``; move through it with ``Store/undo()``, ``Store/redo()`` and
/// ``Store/jump(to:)``. A store created without ``HistoryOptions`` keeps no history: ``states``
/// holds only the present.
///
/// ```swift
/// store.dispatch(.setMax(10))
/// store.dispatch(.setMin(2))
/// store.history.states.count  // 3: the initial state and one per action
/// store.undo()                // store.state.min is back to its initial value
/// store.history.currentIndex  // 1
/// ```
public struct StoreHistory<State: Sendable>: Sendable {
  /// The state now.
  @inlinable
  public internal(set) var present: State {
    get { _present }
    set { _present = newValue }
  }
  /// The storage of ``present``, which the store's inlinable reducer writes in place.
  @usableFromInline var _present: State
  /// The states around the present one; `nil` until a first step is recorded, so that the
  /// engine copies no array along with each state of a store that keeps no history.
  private var steps: Steps?
  /// The most states kept before the present one; `0` when the store keeps no history.
  public let limit: Int

  private struct Steps: Sendable {
    /// The states before the present one, oldest first.
    var past: [State] = []
    /// The states after the present one, which ``Store/redo()`` brings back; kept nearest last.
    var undone: [State] = []
  }

  package init(present: State, limit: Int) {
    self._present = present
    self.limit = Swift.max(0, limit)
  }

  /// The states before the present one, oldest first.
  public var past: [State] {
    steps?.past ?? []
  }

  /// The states after the present one, nearest first: what redo brings back.
  public var future: [State] {
    undone.reversed()
  }

  /// Every state, oldest first: ``past``, ``present``, then ``future``.
  public var states: [State] {
    past + [present] + undone.reversed()
  }

  /// The position of ``present`` in ``states``.
  public var currentIndex: Int {
    steps?.past.count ?? 0
  }

  /// Whether there is a state to undo to.
  public var canUndo: Bool {
    !past.isEmpty
  }

  /// Whether there is a state to redo to.
  public var canRedo: Bool {
    !undone.isEmpty
  }

  /// The states after the present one, kept nearest last.
  private var undone: [State] {
    steps?.undone ?? []
  }

  // MARK: - Steps

  /// Records that `action` moved the state from `previous` to ``present``, unless the options
  /// exclude the action or the state did not change.
  @usableFromInline
  mutating func record<Action>(
    _ previous: State,
    by action: Action,
    options: HistoryOptions<State, Action>
  ) {
    guard limit > 0, !options.excludes(action) else { return }
    if let isDuplicate = options.isDuplicate, isDuplicate(previous, present) { return }
    if steps == nil { steps = Steps() }
    steps?.past.append(previous)
    steps?.undone.removeAll()
    let excess = (steps?.past.count ?? 0) - limit
    if excess > 0 { steps?.past.removeFirst(excess) }
  }

  package mutating func undo() {
    guard let previous = steps?.past.popLast() else { return }
    steps?.undone.append(_present)
    _present = previous
  }

  package mutating func redo() {
    guard let next = steps?.undone.popLast() else { return }
    steps?.past.append(_present)
    _present = next
  }

  /// Moves to `index` in ``states``; an index outside ``states`` changes nothing.
  package mutating func jump(to index: Int) {
    guard (0..<(past.count + 1 + undone.count)).contains(index) else { return }
    while currentIndex > index { undo() }
    while currentIndex < index { redo() }
  }

  /// Forgets every state but `state`, which becomes the present.
  package mutating func reset(to state: State) {
    _present = state
    steps = nil
  }
}

extension StoreHistory: Equatable where State: Equatable {
  /// Whether two histories hold the same states, at the same position, with the same limit.
  ///
  /// - Parameters:
  ///   - lhs: A history.
  ///   - rhs: Another history.
  /// - Returns: `true` when ``past``, ``present``, ``future`` and ``limit`` are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.limit == rhs.limit && lhs.present == rhs.present && lhs.past == rhs.past
      && lhs.future == rhs.future
  }
}

/// Saved as `{"limit": 100, "past": [...], "present": ..., "future": [...]}` (``future``
/// nearest first), so a recording of a store keeps its undo history.
extension StoreHistory: Codable where State: Codable {
  private enum CodingKeys: String, CodingKey {
    case limit, past, present, future
  }

  /// Reads a history; `past` and `future` may be left out when empty.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a value does not decode, or when `past` holds more states
  ///   than `limit`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let limit = try container.decode(Int.self, forKey: .limit)
    let past = try container.decodeIfPresent([State].self, forKey: .past) ?? []
    let future = try container.decodeIfPresent([State].self, forKey: .future) ?? []
    guard limit >= 0, past.count <= limit, limit > 0 || future.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .past, in: container,
        debugDescription:
          "\(past.count) past and \(future.count) future states do not fit a history of limit "
          + "\(limit); save the history again")
    }
    self.init(present: try container.decode(State.self, forKey: .present), limit: limit)
    if !past.isEmpty || !future.isEmpty {
      steps = Steps(past: past, undone: future.reversed())
    }
  }

  /// Writes the history.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(limit, forKey: .limit)
    try container.encode(past, forKey: .past)
    try container.encode(present, forKey: .present)
    try container.encode(future, forKey: .future)
  }
}
