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
