/// What the store's feature accepts: the store's public operations, as one wish type.
enum StoreCommand<AppState: Sendable, AppAction: Sendable>: Sendable {
  /// An action dispatched by the app, a middleware or a thunk: it goes through the middleware.
  case dispatch(AppAction)
  /// An action a middleware passed to `next` after its synchronous run ended (a delay, say): it
  /// continues through the chain from the middleware after that one.
  case resume(AppAction, at: Int)
  case thunk(Thunk<AppState, AppAction>, key: UInt64)
  case cancelThunks(ThunkKey)
  case undo
  case redo
  case jump(to: Int)
  case restore(AppState)
}

/// What was done to the store's state: the Reducer stage's input.
enum StoreEffect<AppState: Sendable, AppAction: Sendable>: Sendable {
  /// Reduce this action now.
  case reduce(AppAction)
  /// The middleware pass already reduced this action into this state; commit it.
  case commit(AppAction, AppState)
  case undo
  case redo
  case jump(to: Int)
  case restore(AppState)
}

/// The store as a feature definition: the middleware chain is the Actor, the app's reducer and
/// the history bookkeeping are the Reducer, and thunks are the Actor's asynchronous effects.
struct StoreDefinition<AppState: Sendable, AppAction: Sendable>: FeatureDefinition {
  typealias Wish = StoreCommand<AppState, AppAction>
  typealias Effect = StoreEffect<AppState, AppAction>
  typealias State = StoreHistory<AppState>

  let reducer: Reducer<AppState, AppAction>
  let middleware: [Middleware<AppState, AppAction>]
  let historyOptions: HistoryOptions<AppState, AppAction>
  let link: StoreLink<AppState, AppAction>

  func act(_ history: StoreHistory<AppState>, _ command: Wish) -> Effects<Effect> {
    switch command {
    case .dispatch(let action):
      return runMiddleware(action, from: 0, on: history.present)
    case .resume(let action, let index):
      return runMiddleware(action, from: index, on: history.present)
    case .thunk(let thunk, let key):
      let context = ThunkContext(link: link, startState: history.present)
      let work = Effects<Effect>.run(name: thunk.name) { _ in try await thunk.body(context) }
        .cancellable(id: ThunkKey(task: key))
      guard let id = thunk.id else { return work }
      return work.cancellable(id: id, cancelInFlight: thunk.cancelInFlight)
    case .cancelThunks(let key):
      return .cancel(id: key)
    case .undo:
      return history.canUndo ? .just(.undo) : .none
    case .redo:
      return history.canRedo ? .just(.redo) : .none
    case .jump(let index):
      return history.states.indices.contains(index) ? .just(.jump(to: index)) : .none
    case .restore(let state):
      return .just(.restore(state))
    }
  }

  private func runMiddleware(
    _ action: AppAction,
    from index: Int,
    on state: AppState
  ) -> Effects<Effect> {
    guard index < middleware.count else { return .just(.reduce(action)) }
    let pass = MiddlewarePass(state: state, middleware: middleware, reducer: reducer, link: link)
    return .many(pass.run(action, from: index))
  }

  func reduce(_ history: inout StoreHistory<AppState>, _ effect: Effect) {
    switch effect {
    case .reduce(let action):
      guard history.limit > 0 else {
        reducer.reduce(&history.present, action)
        return
      }
      let previous = history.present
      reducer.reduce(&history.present, action)
      history.record(previous, by: action, options: historyOptions)
    case .commit(let action, let state):
      let previous = history.present
      history.present = state
      if history.limit > 0 { history.record(previous, by: action, options: historyOptions) }
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
