/// The store as a thunk sees it: `getState` and `dispatch`.
public struct ThunkContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let link: StoreLink<State, Action>
  @usableFromInline let startState: State

  /// The store's current state; once the store is gone, the state when the thunk started.
  @inlinable
  public var state: State {
    link.state ?? startState
  }

  /// Dispatches an action through the middleware and reducer. Does nothing once the thunk is
  /// cancelled.
  ///
  /// When the store is idle the action is reduced before this call returns, so ``state`` shows
  /// it.
  ///
  /// - Parameter action: The action to dispatch.
  @inlinable
  public func dispatch(_ action: Action) {
    guard !Task.isCancelled else { return }
    link.send(.dispatch(action))
  }

  /// Starts another thunk. Does nothing once this thunk is cancelled.
  ///
  /// - Parameter thunk: The work to start.
  /// - Returns: A handle that cancels it.
  @discardableResult
  public func dispatch(_ thunk: Thunk<State, Action>) -> ThunkTask {
    guard !Task.isCancelled else { return ThunkTask {} }
    return link.start(thunk)
  }
}
