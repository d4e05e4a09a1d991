import Finita

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
