import Finita

/// A store's session in types a recording can save: what FinitaRecording's
/// `FeatureRecorder.recording(of:named:)` gives for a ``Store``, and the definition that replays
/// it.
///
/// ```swift
/// let recorder = FeatureRecorder()
/// let store = Store(initialState: Counter(), reducer: counterReducer,
///                   configuration: .init(name: "counter", interceptors: [recorder]))
/// store.dispatch(.increment)
/// store.undo()
/// let recording = recorder.recording(of: store)!          // Recording<StoreSession<...>>
/// let file = try recording.jsonLines()                     // State and Action Codable
/// let replay = try Recording<StoreSession<Counter, CounterAction>>(jsonLines: file)
///   .replay { _ in StoreSession(reducer: counterReducer) }
/// ```
///
/// The session keeps what the store was asked (``Input``: actions dispatched by the app, its
/// middleware or its thunks; undo, redo, jump, restore) and what changed its state (``Change``:
/// each action the Reducer ran, each move through history), with the store's state and undo
/// history (``StoreHistory``) after each change. Thunks and middleware are not part of it: their
/// dispatches are, and an action a middleware delayed or changed is recorded as the Reducer
/// received it. So the session's Actor does nothing; a replay feeds each recorded change to the
/// Reducer, and checks the Reducer and the undo history against the recorded states.
public struct StoreSession<AppState: Sendable, AppAction: Sendable>: FeatureDefinition {
  /// What the store was asked.
  public enum Input: Sendable {
    /// An action dispatched by the app, a middleware or a thunk.
    case dispatch(AppAction)
    /// ``Store/undo()``.
    case undo
    /// ``Store/redo()``.
    case redo
    /// ``Store/jump(to:)``.
    case jump(to: Int)
    /// The store's state was restored from saved state (``Store/restore(from:with:)``).
    case restore(AppState)
  }

  /// What changed the store's state.
  public enum Change: Sendable {
    /// The Reducer ran with the action.
    case reduced(AppAction)
    /// One step back in the undo history.
    case undo
    /// One step forward in the undo history.
    case redo
    /// A move to this position of ``StoreHistory/states``.
    case jump(to: Int)
    /// The state was replaced, and the history forgotten.
    case restored(AppState)
  }

  /// What the store was asked.
  public typealias Wish = Input
  /// What the store was asked.
  public typealias Action = Input
  /// What changed the state.
  public typealias Effect = Change
  /// The store's state with its undo history.
  public typealias State = StoreHistory<AppState>

  let reducer: Reducer<AppState, AppAction>
  let historyOptions: HistoryOptions<AppState, AppAction>

  /// Creates the definition that replays a store's session.
  ///
  /// - Parameters:
  ///   - reducer: The store's Reducer.
  ///   - history: The store's history options; `nil` for a store without history, as for
  ///     ``Store``.
  public init(
    reducer: Reducer<AppState, AppAction>, history: HistoryOptions<AppState, AppAction>? = nil
  ) {
    self.reducer = reducer
    self.historyOptions = history ?? .none
  }

  /// Does nothing: a session's changes are fed as they were recorded.
  ///
  /// - Parameters:
  ///   - state: The store's state.
  ///   - action: What the store was asked.
  /// - Returns: No effects.
  public func act(_ state: State, _ action: Input) -> Effects<Change> {
    .none
  }

  /// Applies a change as the store does: runs the Reducer and records the undo step, or moves
  /// through the history.
  ///
  /// - Parameters:
  ///   - history: The store's state and undo history.
  ///   - change: The change.
  public func reduce(_ history: inout State, _ change: Change) {
    switch change {
    case .reduced(let action):
      let previous = history.present
      reducer.reduce(&history.present, action)
      if history.limit > 0 { history.record(previous, by: action, options: historyOptions) }
    case .undo: history.undo()
    case .redo: history.redo()
    case .jump(let index): history.jump(to: index)
    case .restored(let state): history.reset(to: state)
    }
  }
}

extension StoreSession.Input: Equatable where AppState: Equatable, AppAction: Equatable {}
extension StoreSession.Input: Codable where AppState: Codable, AppAction: Codable {}
extension StoreSession.Change: Equatable where AppState: Equatable, AppAction: Equatable {}
extension StoreSession.Change: Codable where AppState: Codable, AppAction: Codable {}

extension StoreSession.Input {
  /// The input a command of the store's feature stands for; `nil` for the commands that are
  /// not part of a session (thunks, a middleware's delayed action).
  package init?(_ command: StoreCommand<AppState, AppAction>) {
    switch command {
    case .dispatch(let action): self = .dispatch(action)
    case .undo: self = .undo
    case .redo: self = .redo
    case .jump(let index): self = .jump(to: index)
    case .resume: return nil
    case .boxed(let boxed):
      guard let state = boxed.restoredState else { return nil }
      self = .restore(state)
    }
  }
}

extension StoreSession.Change {
  /// The change an effect of the store's feature stands for.
  package init(_ effect: StoreEffect<AppState, AppAction>) {
    switch effect {
    case .reduce(let action), .commit(let action, _): self = .reduced(action)
    case .undo: self = .undo
    case .redo: self = .redo
    case .jump(let index): self = .jump(to: index)
    case .restore(let state): self = .restored(state)
    }
  }

  /// The input that stands for this change when it is fed on its own.
  package var input: StoreSession.Input {
    switch self {
    case .reduced(let action): .dispatch(action)
    case .undo: .undo
    case .redo: .redo
    case .jump(let index): .jump(to: index)
    case .restored(let state): .restore(state)
    }
  }
}
