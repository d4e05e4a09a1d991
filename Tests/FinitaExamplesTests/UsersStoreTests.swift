import Finita
import FinitaExamples
import FinitaRedux
import FinitaTesting
import Foundation
import Testing

/// Seed 004's two places for the users request, over one reducer: a middleware that turns
/// `fetch` into the request, or an action creator the view dispatches. Both must give the same
/// states; they differ, as documented, when a fetch comes while one is in flight.
@Suite(
  "Seed 004's users: the request in a middleware or an action creator", .timeLimit(.minutes(1)))
struct UsersStoreTests {
  /// Where the request is made.
  enum Way: String, CaseIterable, Sendable {
    case middleware, actionCreator
  }

  /// A store that fetches one way, with the seed's logger last, and what its view calls to fetch;
  /// its API answers after a second on a virtual clock.
  struct Screen {
    let store: Store<UsersState, UsersAction>
    let fetch: @Sendable () -> Void
    let log = LockedValue<[String]>([])
    let clock = VirtualClock()
    let api: InMemoryUsersAPI

    init(_ way: Way) {
      let log = log
      let api = InMemoryUsersAPI(latency: .seconds(1), clock: clock)
      self.api = api
      let logger = Users.logMiddleware { line in log.withLock { $0.append(line) } }
      switch way {
      case .middleware:
        let store = Store(
          initialState: UsersState(), reducer: Users.reducer,
          middleware: [Users.fetchUsersMiddleware(api), logger])
        self.store = store
        fetch = { store.dispatch(.fetch) }
      case .actionCreator:
        let store = Store(initialState: UsersState(), reducer: Users.reducer, middleware: [logger])
        self.store = store
        fetch = { store.dispatch(Users.fetchUsers(api)) }
      }
    }

    var lines: [String] { log.withLock { $0 } }
  }

  static let everyone = EntityTable(User.samples)
  static let unavailable = UsersError(message: "The users service is unavailable")

  @Test("a fetch shows loading, then the users", arguments: Way.allCases)
  func fetches(way: Way) async {
    let screen = Screen(way)
    var states = screen.store.states.makeAsyncIterator()
    #expect(await states.next() == UsersState())

    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: nil)))
    await screen.clock.advance(by: .seconds(1), afterSleeps: 1)
    #expect(await states.next() == UsersState(users: .loaded(Self.everyone)))
    #expect(screen.lines == ["Action > fetch", "Action > update(4 users)"])
    #expect(screen.api.fetchCount == 1)
    screen.store.dispose()
  }

  @Test(
    "a failure keeps the list on screen, and the next fetch brings it back", arguments: Way.allCases
  )
  func failureThenRetry(way: Way) async {
    let screen = Screen(way)
    var states = screen.store.states.makeAsyncIterator()
    _ = await states.next()
    screen.fetch()
    _ = await states.next()
    await screen.clock.advance(by: .seconds(1), afterSleeps: 1)
    #expect(await states.next() == UsersState(users: .loaded(Self.everyone)))

    screen.api.failNextFetch()
    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: Self.everyone)))
    await screen.clock.advance(by: .seconds(1), afterSleeps: 2)
    #expect(
      await states.next()
        == UsersState(users: .failed(Self.unavailable, previous: Self.everyone)))

    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: Self.everyone)))
    await screen.clock.advance(by: .seconds(1), afterSleeps: 3)
    #expect(await states.next() == UsersState(users: .loaded(Self.everyone)))
    #expect(
      screen.lines == [
        "Action > fetch", "Action > update(4 users)",
        "Action > fetch", "Action > markAsFailedToFetch(\(Self.unavailable))",
        "Action > fetch", "Action > update(4 users)",
      ])
    screen.store.dispose()
  }

  @Test("the middleware swallows a fetch while one is in flight: one request, one answer")
  func middlewareSwallowsSecondFetch() async {
    let screen = Screen(.middleware)
    var states = screen.store.states.makeAsyncIterator()
    _ = await states.next()
    screen.fetch()
    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: nil)))
    await screen.clock.advance(by: .seconds(1), afterSleeps: 1)
    #expect(await states.next() == UsersState(users: .loaded(Self.everyone)))
    // The second fetch never reached the logger or the reducer.
    #expect(screen.lines == ["Action > fetch", "Action > update(4 users)"])
    #expect(screen.api.fetchCount == 1)
    screen.store.dispose()
  }

  @Test("the action creator's latest fetch wins: the one in flight is cancelled unanswered")
  func actionCreatorLatestWins() async {
    let screen = Screen(.actionCreator)
    var states = screen.store.states.makeAsyncIterator()
    _ = await states.next()
    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: nil)))
    await screen.clock.waitForSleeps(1)
    screen.fetch()
    // Starting the second cancelled the first, whose sleep ended without an answer.
    await screen.clock.advance(by: .seconds(1), afterSleeps: 2)
    #expect(await states.next() == UsersState(users: .loaded(Self.everyone)))
    #expect(screen.api.fetchCount == 2)
    #expect(screen.lines == ["Action > fetch", "Action > fetch", "Action > update(4 users)"])
    screen.store.dispose()
  }

  @Test(
    "disposing the store while a fetch is in flight cancels it: nothing arrives",
    arguments: Way.allCases)
  func disposeWhileFetching(way: Way) async {
    let screen = Screen(way)
    var states = screen.store.states.makeAsyncIterator()
    _ = await states.next()
    screen.fetch()
    #expect(await states.next() == UsersState(users: .loading(previous: nil)))
    await screen.clock.waitForSleeps(1)

    screen.store.dispose()
    // The sequence ends with the store; the cancelled request answers nothing.
    #expect(await states.next() == nil)
    await screen.clock.advance(by: .seconds(5))
    #expect(screen.store.state == UsersState(users: .loading(previous: nil)))
    #expect(screen.lines == ["Action > fetch"])
    #expect(screen.clock.pendingSleepCount == 0)
  }

  @Test("the state and the actions encode as JSON and decode back (for the inspector and saving)")
  func codable() throws {
    let states = [
      UsersState(),
      UsersState(users: .loading(previous: nil)),
      UsersState(users: .loaded(Self.everyone)),
      UsersState(users: .failed(Self.unavailable, previous: Self.everyone)),
    ]
    for state in states {
      let data = try JSONEncoder().encode(state)
      #expect(try JSONDecoder().decode(UsersState.self, from: data) == state)
    }
    let actions: [UsersAction] = [
      .fetch, .update(User.samples), .markAsFailedToFetch(Self.unavailable),
    ]
    for action in actions {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(UsersAction.self, from: data) == action)
    }
    // A table is encoded as the array of its entities, in order.
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    let table = String(
      decoding: try sorted.encode(EntityTable(User.samples.prefix(1))), as: UTF8.self)
    #expect(table == #"[{"id":1,"name":"Ada"}]"#)
  }
}
