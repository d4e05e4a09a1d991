import Finita

/// One action's trip through the middleware chain, run by the Actor on the processing thread.
///
/// While the pass is open, `next` at the end of the chain reduces into the pass's own copy of
/// the state, so a middleware that reads the state after `next` sees the result (as in Redux);
/// the results become the Actor's synchronous effects. Once the pass has ended, `next` (from a
/// delay, say) sends the action back to the store, queued, to continue through the rest of the
/// chain in a new pass on the processing thread.
final class MiddlewarePass<AppState: Sendable, AppAction: Sendable>: Sendable {
  private struct Progress {
    var state: AppState
    var effects: [StoreEffect<AppState, AppAction>] = []
    var isOpen = true
  }

  let middleware: [Middleware<AppState, AppAction>]
  let reducer: Reducer<AppState, AppAction>
  let link: StoreLink<AppState, AppAction>
  private let progress: LockedValue<Progress>

  init(
    state: AppState,
    middleware: [Middleware<AppState, AppAction>],
    reducer: Reducer<AppState, AppAction>,
    link: StoreLink<AppState, AppAction>
  ) {
    self.middleware = middleware
    self.reducer = reducer
    self.link = link
    self.progress = LockedValue(Progress(state: state))
  }

  /// Runs the chain for `action` from the middleware at `index` and returns what it reduced, in
  /// order.
  func run(_ action: AppAction, from index: Int) -> [StoreEffect<AppState, AppAction>] {
    forward(action, to: index)
    return progress.withLock { progress in
      progress.isOpen = false
      defer { progress.effects = [] }
      return progress.effects
    }
  }

  /// Hands `action` to the middleware at `index`, or to the reducer past the last one.
  func forward(_ action: AppAction, to index: Int) {
    guard progress.withLock({ $0.isOpen }) else {
      link.send(.resume(action, at: index))
      return
    }
    guard index < middleware.count else {
      reduce(action)
      return
    }
    middleware[index].body(
      MiddlewareContext(pass: self),
      MiddlewareNext(pass: self, index: index + 1),
      action
    )
  }

  /// The state a middleware sees: the pass's copy while it is open, then the store's.
  var state: AppState {
    let (state, isOpen) = progress.withLock { ($0.state, $0.isOpen) }
    return isOpen ? state : (link.state ?? state)
  }

  private func reduce(_ action: AppAction) {
    // The reducer runs under this pass's private lock, which only guards against a middleware
    // calling `next` from another thread while the pass is open; a reducer cannot reach it.
    let reducedHere = progress.withLock { progress in
      guard progress.isOpen else { return false }
      reducer.reduce(&progress.state, action)
      progress.effects.append(.commit(action, progress.state))
      return true
    }
    if !reducedHere { link.send(.resume(action, at: middleware.count)) }
  }
}
