import Finita

/// A store's trips of actions through its middleware chain, one at a time, run by the Actor on
/// the processing thread.
///
/// While a pass is open, `next` at the end of the chain reduces into the pass's own copy of the
/// state, so a middleware that reads the state after `next` sees the result (as in Redux); the
/// results become the Actor's synchronous effects. Once the pass has ended, `next` (from a
/// delay, say) sends the action back to the store, queued, to continue through the rest of the
/// chain in a new pass on the processing thread.
///
/// No lock is held while the middleware or the reducer runs. The pass's bookkeeping
/// (``MiddlewarePassProgress``) is shared with the threads a middleware may hand `next` to, so
/// it lives in a `LockedValue`, and reducing is two short critical sections around the
/// reducer: take a copy of the pass's state (and its version), reduce the copy with no lock
/// held, then commit it if the pass is still open and nobody committed in between. When
/// another thread committed first, the reducer runs again on the newer state (a reducer is
/// pure, so this changes nothing but the time spent); when the pass ended in between, the
/// action is queued, as if `next` had been called after the pass.
///
/// A store has one of these objects and reuses it for every pass, so dispatching allocates
/// nothing: the engine never runs two Actors of one store at once. Each pass has a new
/// generation number, which the pass's ``MiddlewareContext`` and ``MiddlewareNext`` carry: a
/// `next` kept from an earlier pass finds its generation ended and queues its action, as it
/// would with an object of its own. The code is inlinable so that it is specialized, with the
/// engine's, for the client's state and action types.
@usableFromInline
final class MiddlewarePass<AppState: Sendable, AppAction: Sendable>: Sendable {
  @usableFromInline typealias Effect = StoreEffect<AppState, AppAction>

  @usableFromInline let middleware: [Middleware<AppState, AppAction>]
  @usableFromInline let reducer: Reducer<AppState, AppAction>
  @usableFromInline let link: StoreLink<AppState, AppAction>
  @usableFromInline let progress: LockedValue<MiddlewarePassProgress<AppState, AppAction>>

  init(
    state: AppState,
    middleware: [Middleware<AppState, AppAction>],
    reducer: Reducer<AppState, AppAction>,
    link: StoreLink<AppState, AppAction>
  ) {
    self.middleware = middleware
    self.reducer = reducer
    self.link = link
    progress = LockedValue(MiddlewarePassProgress(state: state))
  }

  /// Runs the chain for `action` on `state`, from the middleware at `index` (which must exist),
  /// and returns what it reduced, in order.
  @inlinable
  func run(_ action: AppAction, from index: Int, on state: AppState) -> Effects<Effect> {
    let generation = progress.withLock { $0.open(on: state) }
    callMiddleware(at: index, with: action, in: generation)
    let reduced = progress.withLock { $0.close() }
    switch reduced {
    case (nil, _): return .none
    case (let first?, nil): return .just(first)
    case (let first?, let more?): return .many([first] + more)
    }
  }

  /// Hands `action` to the middleware at `index`, or to the reducer past the last one, if pass
  /// `generation` is still open; otherwise queues it to continue from there.
  @inlinable
  func forward(_ action: AppAction, to index: Int, in generation: UInt64) {
    guard index < middleware.count else {
      reduce(action, in: generation)
      return
    }
    guard progress.withLock({ $0.isOpen(generation) }) else {
      link.send(.resume(action, at: index))
      return
    }
    callMiddleware(at: index, with: action, in: generation)
  }

  @inlinable
  func callMiddleware(at index: Int, with action: AppAction, in generation: UInt64) {
    middleware[index].body(
      MiddlewareContext(pass: self, generation: generation),
      MiddlewareNext(pass: self, index: index + 1, generation: generation),
      action
    )
  }

  /// The state a middleware of pass `generation` sees: the pass's copy while it is open, then
  /// the store's.
  @inlinable
  func state(in generation: UInt64) -> AppState {
    let (state, isOpen) = progress.withLock { ($0.state, $0.isOpen(generation)) }
    return isOpen ? state : (link.state ?? state)
  }

  /// Reduces `action` into pass `generation`'s state, with no lock held while the reducer runs;
  /// queues it for the reducer when the pass has ended.
  @inlinable
  func reduce(_ action: AppAction, in generation: UInt64) {
    attempts: while let snapshot = progress.withLock({ $0.snapshot(in: generation) }) {
      var state = snapshot.state
      reducer.reduce(&state, action)
      let outcome = progress.withLock {
        $0.commit(action, state, in: generation, over: snapshot.version)
      }
      switch outcome {
      case .committed: return
      case .superseded: continue attempts
      case .ended: break attempts
      }
    }
    link.send(.resume(action, at: middleware.count))
  }
}
