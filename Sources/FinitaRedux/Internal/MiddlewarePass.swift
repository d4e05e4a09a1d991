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
/// A store has one of these objects and reuses it for every pass, so dispatching allocates
/// nothing: the engine never runs two Actors of one store at once. Each pass has a new
/// generation number, which the pass's ``MiddlewareContext`` and ``MiddlewareNext`` carry: a
/// `next` kept from an earlier pass finds its generation ended and queues its action, as it
/// would with an object of its own. The code is inlinable so that it is specialized, with the
/// engine's, for the client's state and action types.
@usableFromInline
final class MiddlewarePass<AppState: Sendable, AppAction: Sendable>: @unchecked Sendable {
  // Safe to send: `progress` is only read or written while `lock` is held, and the other
  // properties are constants.

  /// What the pass in progress has done so far.
  @usableFromInline
  struct Progress {
    /// The state the middleware sees: the store's state at the start of the pass, with the
    /// actions reduced since.
    @usableFromInline var state: AppState
    /// The number of the latest pass.
    @usableFromInline var generation: UInt64 = 0
    @usableFromInline var isOpen = false
    /// The pass's first reduced action, kept apart so a pass that reduces one action (the
    /// usual case) needs no array.
    @usableFromInline var first: StoreEffect<AppState, AppAction>?
    /// The pass's other reduced actions, in order.
    @usableFromInline var more: [StoreEffect<AppState, AppAction>] = []

    @usableFromInline
    init(state: AppState) {
      self.state = state
    }
  }

  @usableFromInline let middleware: [Middleware<AppState, AppAction>]
  @usableFromInline let reducer: Reducer<AppState, AppAction>
  @usableFromInline let link: StoreLink<AppState, AppAction>
  @usableFromInline let lock = PassLock()
  /// At a stable address of its own, so that accesses need no dynamic exclusivity check (the
  /// lock already makes them exclusive).
  @usableFromInline let progress: UnsafeMutablePointer<Progress>

  init(
    state: AppState,
    middleware: [Middleware<AppState, AppAction>],
    reducer: Reducer<AppState, AppAction>,
    link: StoreLink<AppState, AppAction>
  ) {
    self.middleware = middleware
    self.reducer = reducer
    self.link = link
    progress = UnsafeMutablePointer<Progress>.allocate(capacity: 1)
    progress.initialize(to: Progress(state: state))
  }

  deinit {
    progress.deinitialize(count: 1)
    progress.deallocate()
  }

  /// Runs the chain for `action` on `state`, from the middleware at `index` (which must exist),
  /// and returns what it reduced, in order.
  @inlinable
  func run(
    _ action: AppAction,
    from index: Int,
    on state: AppState
  ) -> Effects<StoreEffect<AppState, AppAction>> {
    var generation: UInt64 = 0
    lock.withLock {
      progress.pointee.state = state
      progress.pointee.generation &+= 1
      progress.pointee.isOpen = true
      generation = progress.pointee.generation
    }
    callMiddleware(at: index, with: action, in: generation)
    var first: StoreEffect<AppState, AppAction>?
    var more: [StoreEffect<AppState, AppAction>]?
    lock.withLock {
      progress.pointee.isOpen = false
      first = progress.pointee.first.take()
      if !progress.pointee.more.isEmpty {
        more = progress.pointee.more
        progress.pointee.more = []
      }
    }
    guard let first else { return .none }
    guard let more else { return .just(first) }
    return .many([first] + more)
  }

  /// Hands `action` to the middleware at `index`, or to the reducer past the last one, if pass
  /// `generation` is still open; otherwise queues it to continue from there.
  @inlinable
  func forward(_ action: AppAction, to index: Int, in generation: UInt64) {
    guard index < middleware.count else {
      reduce(action, in: generation)
      return
    }
    var isOpen = false
    lock.withLock {
      isOpen = progress.pointee.isOpen && progress.pointee.generation == generation
    }
    guard isOpen else {
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
    var state: AppState?
    var isOpen = false
    lock.withLock {
      state = progress.pointee.state
      isOpen = progress.pointee.isOpen && progress.pointee.generation == generation
    }
    guard let state else { preconditionFailure("Internal inconsistency: no middleware state") }
    return isOpen ? state : (link.state ?? state)
  }

  @inlinable
  func reduce(_ action: AppAction, in generation: UInt64) {
    // The reducer runs under this pass's private lock, which only guards against a middleware
    // calling `next` from another thread while the pass is open; a reducer cannot reach it.
    var reducedHere = false
    lock.withLock {
      guard progress.pointee.isOpen, progress.pointee.generation == generation else { return }
      reducer.reduce(&progress.pointee.state, action)
      let effect = StoreEffect.commit(action, progress.pointee.state)
      if progress.pointee.first == nil {
        progress.pointee.first = effect
      } else {
        progress.pointee.more.append(effect)
      }
      reducedHere = true
    }
    if !reducedHere { link.send(.resume(action, at: middleware.count)) }
  }
}

/// The lock of a store's ``MiddlewarePass``.
///
/// It is the engine's lock, behind a door that is neither generic nor inlinable: the pass's
/// inlinable code, specialized in the client, cannot reach the engine's package-level lock
/// directly, and a call through this door needs no generic metadata.
@usableFromInline
final class PassLock: Sendable {
  private let value = LockedValue(())

  @usableFromInline
  init() {}

  /// Runs `body` while holding the lock. `body` must not take this lock again.
  @usableFromInline
  func withLock(_ body: () -> Void) {
    value.withLock { _ in body() }
  }
}
