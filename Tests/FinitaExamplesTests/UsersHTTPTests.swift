#if HTTPExamples
  import Finita
  import FinitaExamples
  import FinitaExamplesHTTP
  import FinitaRedux
  import Foundation
  import Testing

  @Suite("Seed 004's users middleware against the local HTTP server", .timeLimit(.minutes(1)))
  struct UsersHTTPTests {
    @Test("fetch, a server error that keeps the list, and a fetch that brings it back")
    func fetchesFromTheServer() async throws {
      let users = [User(id: 10, name: "Ken"), User(id: 11, name: "Dennis")]
      let server = PageServer(catalog: .seeded(itemCount: 5, pageSize: 5), users: users)
      let baseURL = try await server.start(host: "127.0.0.1", port: 0)
      let store = Store(
        initialState: UsersState(), reducer: Users.reducer,
        middleware: [Users.fetchUsersMiddleware(HTTPUsersAPI(baseURL: baseURL))])
      var states = store.states.makeAsyncIterator()
      func settled() async -> UsersState? {
        while let state = await states.next() {
          if !state.users.isLoading && state.users != .idle { return state }
        }
        return nil
      }

      store.dispatch(.fetch)
      #expect(await settled() == UsersState(users: .loaded(EntityTable(users))))

      server.failNextUsersRequest()
      store.dispatch(.fetch)
      #expect(
        await settled()
          == UsersState(
            users: .failed(
              UsersError(message: "The server answered 500 for the users"),
              previous: EntityTable(users))))

      store.dispatch(.fetch)
      #expect(await settled() == UsersState(users: .loaded(EntityTable(users))))
      store.dispose()
      await server.shutdown()
    }

    @Test("a server that is gone is a failure in the state, not a crash")
    func serverGone() async throws {
      let server = PageServer(catalog: .seeded(itemCount: 5, pageSize: 5))
      let baseURL = try await server.start(host: "127.0.0.1", port: 0)
      await server.shutdown()
      let store = Store(
        initialState: UsersState(), reducer: Users.reducer,
        middleware: [Users.fetchUsersMiddleware(HTTPUsersAPI(baseURL: baseURL))])
      store.dispatch(.fetch)
      for await state in store.states where state.users.error != nil {
        #expect(state.users.value == nil)
        break
      }
      store.dispose()
    }
  }
#endif  // HTTPExamples
