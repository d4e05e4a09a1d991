/// A step between ``Store/dispatch(_:)-(Action)`` and the reducer, with the Redux shape: it sees
/// each action with the store (to read the state and dispatch) and `next` (to pass an action on).
///
/// A middleware can log, transform an action (pass another one to `next`), swallow it (never call
/// `next`), delay it (call `next` later), or dispatch more actions. Middleware runs in the order
/// declared; the last `next` is the reducer.
///
/// ```swift
/// let logger = Middleware<PERT, PERTAction> { store, next, action in
///   print("dispatch \(action)")
///   next(action)
///   print("state \(store.state)")  // already shows the action
/// }
/// ```
///
/// Middleware runs on the store's processing thread, one action at a time. A call to
/// ``MiddlewareContext/dispatch(_:)-(Action)`` is queued and goes through the whole chain after the
/// current action, never recursively.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let body:
    @Sendable (MiddlewareContext<State, Action>, MiddlewareNext<State, Action>, Action) -> Void

  /// Creates a middleware.
  ///
  /// - Parameter body: Handles one action: `store` reads the state and dispatches, `next` passes
  ///   an action on to the next middleware (or the reducer), `action` is what was dispatched.
  public init(
    _ body:
      @escaping @Sendable (
        _ store: MiddlewareContext<State, Action>,
        _ next: MiddlewareNext<State, Action>,
        _ action: Action
      ) -> Void
  ) {
    self.body = body
  }
}

/// The store as a middleware sees it: `getState` and `dispatch`.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let pass: MiddlewarePass<State, Action>
  /// The pass this context was handed to; its state is the pass's only while that pass is open.
  @usableFromInline let generation: UInt64

  @usableFromInline
  init(pass: MiddlewarePass<State, Action>, generation: UInt64) {
    self.pass = pass
    self.generation = generation
  }

  /// The current state.
  ///
  /// During the middleware's synchronous run it includes the actions already passed to `next`;
  /// later (in a delayed callback, say) it is the store's state.
  @inlinable
  public var state: State {
    pass.state(in: generation)
  }

  /// Dispatches an action through the whole middleware chain, after the current one.
  ///
  /// - Parameter action: The action to dispatch.
  @inlinable
  public func dispatch(_ action: Action) {
    pass.link.send(.dispatch(action))
  }

  /// Starts a thunk, after the current action.
  ///
  /// - Parameter thunk: The asynchronous work.
  /// - Returns: A handle that cancels it.
  @discardableResult
  public func dispatch(_ thunk: Thunk<State, Action>) -> ThunkTask {
    pass.link.start(thunk)
  }
}

/// Passes an action to the next middleware, or to the reducer after the last one.
///
/// Call it as a function: `next(action)`. Called during the middleware's run, the action goes
/// through the rest of the chain and is reduced before `next` returns. Called later (after a
/// delay, from a task), it is queued behind the store's current work and then goes through the
/// rest of the chain on the store's processing thread.
public struct MiddlewareNext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let pass: MiddlewarePass<State, Action>
  /// The middleware that receives the action, or the middleware count for the reducer.
  @usableFromInline let index: Int
  /// The pass this `next` was handed to; once that pass has ended, the action is queued.
  @usableFromInline let generation: UInt64

  @usableFromInline
  init(pass: MiddlewarePass<State, Action>, index: Int, generation: UInt64) {
    self.pass = pass
    self.index = index
    self.generation = generation
  }

  /// Passes `action` on.
  ///
  /// - Parameter action: The action, as dispatched or transformed.
  @inlinable
  public func callAsFunction(_ action: Action) {
    pass.forward(action, to: index, in: generation)
  }
}
