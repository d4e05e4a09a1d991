import Finita

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
