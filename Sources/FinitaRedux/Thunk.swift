/// An asynchronous action creator: work that reads the state and dispatches actions over time.
///
/// A thunk runs in a task owned by the store, so it is cancelled when the store is disposed. Cancel
/// one run with the ``ThunkTask`` that ``Store/dispatch(_:)-(Thunk<State,Action>)`` returns, or
/// every run with the same identifier with ``Store/cancelThunks(id:)``. Once cancelled, its
/// `dispatch` calls do nothing.
///
/// ```swift
/// let load = Thunk<Catalog, CatalogAction>(id: "load", cancelInFlight: true) { store in
///   store.dispatch(.loadingDidStart)
///   let items = try await api.items(page: store.state.nextPage)
///   store.dispatch(.itemsDidLoad(items))
/// }
/// store.dispatch(load)
/// ```
///
/// An error the thunk throws (other than cancellation) goes to the store's
/// `FeatureConfiguration.onUnhandledError`; dispatch a failure action from a `catch` to keep it
/// in the state instead.
public struct Thunk<State: Sendable, Action: Sendable>: Sendable {
  let id: ThunkKey?
  let cancelInFlight: Bool
  let name: String?
  let body: @Sendable (ThunkContext<State, Action>) async throws -> Void

  /// Creates a thunk.
  ///
  /// - Parameters:
  ///   - name: A name for reports (for example when its error is unhandled).
  ///   - body: The work; `store` reads the state and dispatches.
  public init(
    name: String? = nil,
    _ body: @escaping @Sendable (_ store: ThunkContext<State, Action>) async throws -> Void
  ) {
    self.id = nil
    self.cancelInFlight = false
    self.name = name
    self.body = body
  }

  /// Creates a thunk with an identifier, so that ``Store/cancelThunks(id:)`` can cancel it.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; several thunks may share it.
  ///   - cancelInFlight: When `true`, running thunks with the same identifier are cancelled when
  ///     this one starts: the "latest wins" pattern for searches and refreshes.
  ///   - name: A name for reports (for example when its error is unhandled).
  ///   - body: The work; `store` reads the state and dispatches.
  public init(
    id: some Hashable & Sendable,
    cancelInFlight: Bool = false,
    name: String? = nil,
    _ body: @escaping @Sendable (_ store: ThunkContext<State, Action>) async throws -> Void
  ) {
    self.id = ThunkKey(named: id)
    self.cancelInFlight = cancelInFlight
    self.name = name
    self.body = body
  }
}

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

/// A handle on one running thunk.
public struct ThunkTask: Sendable {
  private let onCancel: @Sendable () -> Void

  init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// Cancels the thunk: its task is cancelled and its later `dispatch` calls do nothing. Actions
  /// it already dispatched stay reduced. The request is queued like an action, so a thunk that has
  /// not started yet is cancelled as soon as it starts.
  public func cancel() {
    onCancel()
  }
}

/// A cancellation identifier for thunks: one run, or every run with a user-given identifier.
struct ThunkKey: Hashable, @unchecked Sendable {
  // Safe to send: `named` is only built from a `Hashable & Sendable` value, so the wrapped
  // `AnyHashable` (not `Sendable` itself) always holds a sendable base.
  private enum Kind: Hashable {
    case task(UInt64)
    case named(AnyHashable)
  }

  private let kind: Kind

  init(task key: UInt64) {
    kind = .task(key)
  }

  init(named id: some Hashable & Sendable) {
    kind = .named(AnyHashable(id))
  }
}
