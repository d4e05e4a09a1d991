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
///
/// A *running* session, made with ``init(running:history:)``, is the store without its
/// middleware and thunks: its Actor turns each input into the change a store makes of it, so
/// a tool that runs features on its own (FinitaTesting's `Explorer`, a `FeatureTester`) runs
/// the store's reducer and undo history:
///
/// ```swift
/// let session = StoreSession(running: cartReducer, history: HistoryOptions(limit: 10))
/// let explorer = Explorer(
///   initialState: session.history(startingAt: Cart()),
///   wishes: .one(of: [actions.map { .dispatch($0) }, .constant(.undo), .constant(.redo)]),
///   invariants: [.always("no empty line") { $0.present.lines.allSatisfy { $0.quantity > 0 } }]
/// ) { _ in session }
/// ```
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
  /// Whether the Actor makes the changes, as a store does; a replay's does nothing.
  let isRunning: Bool

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
    self.isRunning = false
  }

  /// Creates a running session: the store's reducer and undo history, without middleware or
  /// thunks, as a definition any feature can run.
  ///
  /// An input makes the change a store makes of it: an action is reduced; undo, redo and a
  /// jump move through the history when they can, and do nothing when they cannot; a restore
  /// replaces the state.
  ///
  /// - Parameters:
  ///   - reducer: The store's Reducer.
  ///   - history: The store's history options; `nil` for a store without history.
  public init(
    running reducer: Reducer<AppState, AppAction>,
    history: HistoryOptions<AppState, AppAction>? = nil
  ) {
    self.reducer = reducer
    self.historyOptions = history ?? .none
    self.isRunning = true
  }

  /// The state a store with this session's history options starts from: `state`, with an
  /// empty undo history.
  ///
  /// - Parameter state: The store's initial state.
  /// - Returns: The state with its history, a feature's initial state.
  public func history(startingAt state: AppState) -> StoreHistory<AppState> {
    StoreHistory(present: state, limit: historyOptions.limit)
  }

  /// Makes the change a store makes of an input when the session runs (see
  /// ``init(running:history:)``); does nothing in a replay, whose changes are fed as they
  /// were recorded.
  ///
  /// - Parameters:
  ///   - state: The store's state.
  ///   - action: What the store was asked.
  /// - Returns: The change, if any.
  public func act(_ state: State, _ action: Input) -> Effects<Change> {
    guard isRunning else { return .none }
    switch action {
    case .dispatch(let action): return .just(.reduced(action))
    case .undo: return state.canUndo ? .just(.undo) : .none
    case .redo: return state.canRedo ? .just(.redo) : .none
    case .jump(let index):
      return state.states.indices.contains(index) ? .just(.jump(to: index)) : .none
    case .restore(let restored): return .just(.restored(restored))
    }
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
