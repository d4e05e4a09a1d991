import Finita
import FinitaRedux

/// The state of seed 004's users screen: the users, loaded from an API, kept by identifier.
public struct UsersState: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The users, with the stage of their loading: idle, loading (the previous list kept), loaded,
  /// or failed (the previous list kept beside the error).
  public var users: Loadable<EntityTable<User>, UsersError>

  /// Creates the state.
  ///
  /// - Parameter users: The users; not asked for yet by default.
  public init(users: Loadable<EntityTable<User>, UsersError> = .idle) {
    self.users = users
  }

  /// The stage and the users, such as `loaded [#1 Ada, #2 Grace]`.
  public var description: String {
    switch users {
    case .idle: "idle"
    case .loading(let previous): "loading" + (previous.map { ", showing \(Array($0))" } ?? "")
    case .loaded(let users): "loaded \(Array(users))"
    case .failed(let error, let previous):
      "failed (\(error))" + (previous.map { ", showing \(Array($0))" } ?? "")
    }
  }
}

/// What the users screen, the middleware and the action creator dispatch: the seed's
/// `UsersAction`.
public enum UsersAction: Codable, Equatable, Sendable, CustomStringConvertible {
  /// Fetch the users. With ``Users/fetchUsersMiddleware(_:)`` in the store, this starts the
  /// request; the reducer marks the list as loading.
  case fetch
  /// The users arrived.
  case update([User])
  /// The request failed.
  case markAsFailedToFetch(UsersError)

  /// The action for a log line, such as `update(4 users)`.
  public var description: String {
    switch self {
    case .fetch: "fetch"
    case .update(let users): "update(\(users.count) users)"
    case .markAsFailedToFetch(let error): "markAsFailedToFetch(\(error))"
    }
  }
}

/// Seed 004's two places for an asynchronous call in a Redux store, over one reducer: an action
/// creator (a `Thunk` the view dispatches) or a middleware that turns
/// ``UsersAction/fetch`` into a request.
///
/// ```swift
/// let store = Store(
///   initialState: UsersState(), reducer: Users.reducer,
///   middleware: [Users.fetchUsersMiddleware(api), Users.logMiddleware { print($0) }])
/// store.dispatch(.fetch)  // loading, then loaded [#1 Ada, ...]
/// ```
public enum Users {
  /// The reducer: ``UsersAction/fetch`` starts loading (the list on screen is kept), the
  /// answers finish it.
  public static let reducer = Reducer<UsersState, UsersAction> { state, action in
    switch action {
    case .fetch: state.users.startLoading()
    case .update(let users): state.users.finish(with: .success(EntityTable(users)))
    case .markAsFailedToFetch(let error): state.users.finish(with: .failure(error))
    }
  }

  /// The seed's `fetchUsersMiddleware`: it passes ``UsersAction/fetch`` on (so the list shows
  /// loading), calls the API, and dispatches ``UsersAction/update(_:)`` or
  /// ``UsersAction/markAsFailedToFetch(_:)``. Other actions pass through untouched.
  ///
  /// The request runs as a thunk the store owns, so disposing the store cancels it and nothing
  /// arrives afterwards. A `fetch` while one is in flight is swallowed: the request in flight
  /// answers both, and two answers racing each other could leave the older one on screen.
  ///
  /// - Parameter api: Where the users come from.
  /// - Returns: The middleware; put it before the logger to log what reaches the reducer.
  public static func fetchUsersMiddleware(_ api: some UsersAPI) -> Middleware<
    UsersState, UsersAction
  > {
    Middleware { store, next, action in
      guard action == .fetch else { return next(action) }
      guard !store.state.users.isLoading else { return }
      next(action)
      store.dispatch(request(api))
    }
  }

  /// The seed's action creator `fetchUsers`: it dispatches ``UsersAction/fetch`` (the "did start
  /// fetching" of the seed), calls the API, and dispatches the answer. For a store without
  /// ``fetchUsersMiddleware(_:)``; dispatch it from the view with `store.dispatch(_:)`.
  ///
  /// The latest one wins: dispatching it again while a fetch is in flight cancels that one, whose
  /// answer then never arrives. (A check of `isLoading` inside the thunk could not stop a second
  /// one: both would read the state before either's `fetch` is reduced.) The seed's view checks
  /// the state before it dispatches, which is still a good idea.
  ///
  /// - Parameter api: Where the users come from.
  /// - Returns: The thunk.
  public static func fetchUsers(_ api: some UsersAPI) -> Thunk<UsersState, UsersAction> {
    Thunk(id: "fetchUsers", cancelInFlight: true, name: "fetchUsers") { store in
      store.dispatch(.fetch)
      await answer(api, to: store)
    }
  }

  /// The seed's `logMiddleware`: it hands a line for each action to `log`, then passes the action
  /// on.
  ///
  /// - Parameter log: Receives `Action > fetch` and the like, on the store's processing thread.
  /// - Returns: The middleware.
  public static func logMiddleware(_ log: @escaping @Sendable (String) -> Void) -> Middleware<
    UsersState, UsersAction
  > {
    Middleware { _, next, action in
      log("Action > \(action)")
      next(action)
    }
  }

  private static func request(_ api: some UsersAPI) -> Thunk<UsersState, UsersAction> {
    Thunk(name: "fetchUsers request") { store in
      await answer(api, to: store)
    }
  }

  private static func answer(
    _ api: some UsersAPI, to store: ThunkContext<UsersState, UsersAction>
  ) async {
    let users: [User]
    do {
      users = try await api.fetchUsers()
    } catch is CancellationError {
      return
    } catch let error as UsersError {
      return store.dispatch(.markAsFailedToFetch(error))
    } catch {
      return store.dispatch(.markAsFailedToFetch(UsersError(message: "\(error)")))
    }
    store.dispatch(.update(users))
  }
}
