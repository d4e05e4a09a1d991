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
  public internal(set) var present: State
  /// The states before the present one, oldest first.
  public private(set) var past: [State] = []
  /// The states after the present one, which ``Store/redo()`` brings back; kept nearest last.
  private var undone: [State] = []
  /// The most states kept before the present one; `0` when the store keeps no history.
  public let limit: Int

  init(present: State, limit: Int) {
    self.present = present
    self.limit = Swift.max(0, limit)
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
    past.count
  }

  /// Whether there is a state to undo to.
  public var canUndo: Bool {
    !past.isEmpty
  }

  /// Whether there is a state to redo to.
  public var canRedo: Bool {
    !undone.isEmpty
  }

  // MARK: - Steps

  /// Records that `action` moved the state from `previous` to ``present``, unless the options
  /// exclude the action or the state did not change.
  mutating func record<Action>(
    _ previous: State,
    by action: Action,
    options: HistoryOptions<State, Action>
  ) {
    guard limit > 0, !options.excludes(action) else { return }
    if let isDuplicate = options.isDuplicate, isDuplicate(previous, present) { return }
    past.append(previous)
    undone.removeAll()
    if past.count > limit { past.removeFirst(past.count - limit) }
  }

  mutating func undo() {
    guard let previous = past.popLast() else { return }
    undone.append(present)
    present = previous
  }

  mutating func redo() {
    guard let next = undone.popLast() else { return }
    past.append(present)
    present = next
  }

  /// Moves to `index` in ``states``; an index outside ``states`` changes nothing.
  mutating func jump(to index: Int) {
    guard (0..<(past.count + 1 + undone.count)).contains(index) else { return }
    while currentIndex > index { undo() }
    while currentIndex < index { redo() }
  }

  /// Forgets every state but `state`, which becomes the present.
  mutating func reset(to state: State) {
    present = state
    past.removeAll()
    undone.removeAll()
  }
}

/// How a store keeps undo history: how many steps, and which actions are not steps.
///
/// ```swift
/// let store = Store(
///   initialState: Editor(),
///   reducer: editorReducer,
///   history: HistoryOptions(limit: 50, excluding: { action in
///     if case .selectionDidChange = action { true } else { false }
///   })
/// )
/// ```
///
/// An excluded action changes the present state without adding an undo step, and keeps what redo
/// would bring back. For an `Equatable` state, an action that leaves the state unchanged adds no
/// step either.
public struct HistoryOptions<State: Sendable, Action: Sendable>: Sendable {
  /// The most undo steps kept; older ones are dropped first.
  public var limit: Int
  let excludes: @Sendable (Action) -> Bool
  let isDuplicate: (@Sendable (State, State) -> Bool)?

  init(
    limit: Int,
    excludes: @escaping @Sendable (Action) -> Bool,
    isDuplicate: (@Sendable (State, State) -> Bool)?
  ) {
    self.limit = limit
    self.excludes = excludes
    self.isDuplicate = isDuplicate
  }

  /// Creates history options for a state that is not `Equatable`: every recorded action is a step.
  ///
  /// - Parameters:
  ///   - limit: The most undo steps kept; older ones are dropped first.
  ///   - excluding: Returns `true` for actions that are not undo steps (selection, loading
  ///     flags).
  public init(
    limit: Int = 100,
    excluding: @escaping @Sendable (_ action: Action) -> Bool = { _ in false }
  ) {
    self.init(limit: limit, excludes: excluding, isDuplicate: nil)
  }

  /// No history: the default of a store.
  static var none: Self {
    Self(limit: 0, excludes: { _ in true }, isDuplicate: nil)
  }
}

extension HistoryOptions where State: Equatable {
  /// Creates history options; an action that leaves the state unchanged is not a step.
  ///
  /// - Parameters:
  ///   - limit: The most undo steps kept; older ones are dropped first.
  ///   - excluding: Returns `true` for actions that are not undo steps (selection, loading
  ///     flags).
  public init(
    limit: Int = 100,
    excluding: @escaping @Sendable (_ action: Action) -> Bool = { _ in false }
  ) {
    self.init(limit: limit, excludes: excluding, isDuplicate: { $0 == $1 })
  }
}
