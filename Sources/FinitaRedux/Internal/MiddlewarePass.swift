import Dispatch
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
/// reducer: take a copy of the pass's state, reduce the copy with no lock held, then commit it.
/// One thread at a time reduces into the pass, so the reducer runs exactly once per action: an
/// action passed to `next` while another thread is reducing waits for that thread, which
/// reduces it after its own (its `next` returns at once, so a reducer that waits for such a
/// thread does not deadlock). When the pass ended before `next` was called, the action is
/// queued in the store, as if `next` had been called after the pass. The pass does not end
/// while a thread is reducing into it: the processing thread waits for that thread, and so for
/// the reducer, with no lock held.
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
  /// Signalled by the thread that finishes reducing into a pass the processing thread is
  /// waiting to end; at most one wait and one signal per pass.
  @usableFromInline let reductionDidFinish = DispatchSemaphore(value: 0)

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
    let reduced: (first: Effect?, more: [Effect]?)
    if let ended = progress.withLock({ $0.end() }) {
      reduced = ended
    } else {
      // Another thread is still reducing into this pass: what it reduces belongs to the pass.
      reductionDidFinish.wait()
      reduced = progress.withLock { $0.takeReduced() }
    }
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

  /// Reduces `action` into pass `generation`'s state, with no lock held while the reducer runs,
  /// then the actions other threads passed on meanwhile; leaves `action` to the thread already
  /// reducing, if any; queues it for the reducer when the pass has ended.
  @inlinable
  func reduce(_ action: AppAction, in generation: UInt64) {
    var step = progress.withLock { $0.arrive(action, in: generation) }
    while true {
      switch step {
      case .reduce(let next, var state):
        reducer.reduce(&state, next)
        step = progress.withLock { $0.commit(next, state) }
      case .leftToReducingThread, .done:
        return
      case .doneWakingTheEnd:
        reductionDidFinish.signal()
        return
      case .sendToStore:
        link.send(.resume(action, at: middleware.count))
        return
      }
    }
  }
}
