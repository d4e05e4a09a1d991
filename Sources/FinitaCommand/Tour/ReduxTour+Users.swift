import Finita
import FinitaExamples
import FinitaRedux

/// Seed 004's `fetchUsersMiddleware`: the API call made by a middleware, the users kept in a
/// `Loadable` entity table.
extension ReduxTour {
  static func users(_ output: inout TourOutput) async {
    output.section("Redux middleware (seed 004): fetchUsers, a failure keeps the list on screen")
    let api = InMemoryUsersAPI()
    let store = Store(
      initialState: UsersState(),
      reducer: Users.reducer,
      middleware: [Users.fetchUsersMiddleware(api), Users.logMiddleware { print("   \($0)") }]
    )
    // The store joins what a feature joins: here a UI state mapper makes the screen's title.
    let title = UIStateMapper(store) { state in
      state.users.isLoading ? "Users (loading)" : "Users (\(state.users.value?.count ?? 0))"
    }
    var states = store.states.makeAsyncIterator()
    // The logger prints before the reducer runs, so a state that has settled comes after its
    // actions' lines.
    func settled() async -> UsersState? {
      while let state = await states.next() {
        if !state.users.isLoading && state.users != .idle { return state }
      }
      return nil
    }
    output.note("(dispatch fetch: the middleware marks loading and calls the API)")
    store.dispatch(.fetch)
    output.note("(state: \(await settled().map { "\($0)" } ?? "gone"))")
    if case .loaded(let table) = store.state.users {
      output.note(
        "(the entity table finds user 3 by identifier: \(table[id: 3].map { "\($0)" } ?? "none"))")
    }
    output.note("(a UIStateMapper over the store titles the screen: \(title.viewState))")
    output.note("(the API fails the next fetch)")
    api.failNextFetch()
    store.dispatch(.fetch)
    output.note("(state: \(await settled().map { "\($0)" } ?? "gone"))")
    title.cancel()
    store.dispose()
  }
}
