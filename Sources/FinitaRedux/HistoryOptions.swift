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
