import Finita

/// The store as a feature definition: the middleware chain is the Actor, the app's reducer and
/// the history bookkeeping are the Reducer, and thunks are the Actor's asynchronous effects.
///
/// Dispatching an action and reducing it are inlinable, so the client specializes them with the
/// engine's hot path for its own state and action types; the rarer commands (thunks, undo,
/// restore) and history bookkeeping stay out of line.
@usableFromInline
package struct StoreDefinition<AppState: Sendable, AppAction: Sendable>: FeatureDefinition {
  @usableFromInline package typealias Wish = StoreCommand<AppState, AppAction>
  @usableFromInline package typealias Effect = StoreEffect<AppState, AppAction>
  @usableFromInline package typealias State = StoreHistory<AppState>

  @usableFromInline let reducer: Reducer<AppState, AppAction>
  /// Runs the middleware chain; `nil` when the store has no middleware.
  @usableFromInline let pass: MiddlewarePass<AppState, AppAction>?
  @usableFromInline let historyOptions: HistoryOptions<AppState, AppAction>
  let link: StoreLink<AppState, AppAction>

  init(
    initialState: AppState,
    reducer: Reducer<AppState, AppAction>,
    middleware: [Middleware<AppState, AppAction>],
    historyOptions: HistoryOptions<AppState, AppAction>,
    link: StoreLink<AppState, AppAction>
  ) {
    self.reducer = reducer
    self.pass =
      middleware.isEmpty
      ? nil
      : MiddlewarePass(state: initialState, middleware: middleware, reducer: reducer, link: link)
    self.historyOptions = historyOptions
    self.link = link
  }

  /// The Actor: the middleware chain. A dispatch to a store without middleware is handled
  /// inline in the engine's specialized `handle`: returned from a call, its `Effects` came back
  /// through memory, and reading its tag waited for the byte stores that wrote it.
  @inlinable @inline(__always)
  package func act(
    _ history: StoreHistory<AppState>,
    _ command: StoreCommand<AppState, AppAction>
  ) -> Effects<StoreEffect<AppState, AppAction>> {
    if pass == nil, case .dispatch(let action) = command { return .just(.reduce(action)) }
    return actThroughMiddleware(history, command)
  }

  /// Everything the Actor does but a dispatch to a store without middleware, which `act`
  /// handles inline: kept out of the engine's `handle`, so it stays small.
  @inlinable
  func actThroughMiddleware(
    _ history: StoreHistory<AppState>,
    _ command: StoreCommand<AppState, AppAction>
  ) -> Effects<StoreEffect<AppState, AppAction>> {
    switch command {
    case .dispatch(let action):
      return runMiddleware(action, from: 0, on: history.present)
    case .resume(let action, let index):
      return runMiddleware(action, from: index, on: history.present)
    default:
      return actOutsideTheChain(history, command)
    }
  }

  @inlinable
  func runMiddleware(
    _ action: AppAction,
    from index: Int,
    on state: AppState
  ) -> Effects<StoreEffect<AppState, AppAction>> {
    guard let pass, index < pass.middleware.count else { return .just(.reduce(action)) }
    return pass.run(action, from: index, on: state)
  }

  /// The Actor for every command but an action's: thunks and moves through history.
  @usableFromInline
  func actOutsideTheChain(
    _ history: StoreHistory<AppState>,
    _ command: StoreCommand<AppState, AppAction>
  ) -> Effects<StoreEffect<AppState, AppAction>> {
    switch command {
    case .dispatch, .resume:
      return act(history, command)
    case .undo:
      return history.canUndo ? .just(.undo) : .none
    case .redo:
      return history.canRedo ? .just(.redo) : .none
    case .jump(let index):
      return history.states.indices.contains(index) ? .just(.jump(to: index)) : .none
    case .boxed(let boxed):
      switch boxed.command {
      case .thunk(let thunk, let key):
        let context = ThunkContext(link: link, startState: history.present)
        let work = Effects<Effect>.run(name: thunk.name) { _ in try await thunk.body(context) }
          .cancellable(id: ThunkKey(task: key))
        guard let id = thunk.id else { return work }
        return work.cancellable(id: id, cancelInFlight: thunk.cancelInFlight)
      case .cancelThunks(let key):
        return .cancel(id: key)
      case .restore(let state):
        return .just(.restore(state))
      }
    }
  }

  /// The Reducer: the app's reducer, then the undo history. Without history, an action's
  /// reduction is inline in the engine's specialized `apply`.
  @inlinable @inline(__always)
  package func reduce(
    _ history: inout StoreHistory<AppState>,
    _ effect: StoreEffect<AppState, AppAction>
  ) {
    if history.limit == 0, case .reduce(let action) = effect {
      reducer.reduce(&history._present, action)
      return
    }
    reduceWithHistory(&history, effect)
  }

  /// Everything the Reducer does but an action's reduction in a store without undo history,
  /// which `reduce` handles inline.
  @inlinable
  func reduceWithHistory(
    _ history: inout StoreHistory<AppState>,
    _ effect: StoreEffect<AppState, AppAction>
  ) {
    switch effect {
    case .reduce(let action):
      // Without history, `reduce` reduced it inline.
      let previous = history._present
      reducer.reduce(&history._present, action)
      history.record(previous, by: action, options: historyOptions)
    case .commit(let action, let state):
      guard history.limit > 0 else {
        history._present = state
        return
      }
      let previous = history._present
      history._present = state
      history.record(previous, by: action, options: historyOptions)
    default:
      moveThroughHistory(&history, effect)
    }
  }

  /// The Reducer for every effect but an action's: undo, redo, jump and restore.
  @usableFromInline
  func moveThroughHistory(
    _ history: inout StoreHistory<AppState>,
    _ effect: StoreEffect<AppState, AppAction>
  ) {
    switch effect {
    case .reduce, .commit:
      preconditionFailure("Internal inconsistency: an action's effect reached history moves")
    case .undo:
      history.undo()
    case .redo:
      history.redo()
    case .jump(let index):
      history.jump(to: index)
    case .restore(let state):
      history.reset(to: state)
    }
  }
}
