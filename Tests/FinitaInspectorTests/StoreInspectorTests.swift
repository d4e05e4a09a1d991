#if Inspector
  import Finita
  import FinitaExamples
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import FinitaRedux
  import Foundation
  import Testing

  // Serialized with the other inspector suites' reasoning: the client's interceptor is global.
  @Suite("A Redux store in the inspector", .serialized)
  struct StoreInspectorTests {
    @Test("timeline of actions and present states, dispatch as JSON, travel and continue")
    func storeLikeAFeature() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("users")))
      let store = Store(
        initialState: UsersState(), reducer: Users.reducer,
        middleware: [Users.fetchUsersMiddleware(InMemoryUsersAPI())],
        configuration: .init(name: "users"))
      client.inspect(store, actionExample: .fetch)

      // The bound descriptor says the store can travel and take actions, with the example.
      var app: String?
      var id: UInt64?
      while app == nil {
        let envelope = try #require(await next(&received) { _ in true })
        if let descriptor = envelope.feature, descriptor.name == "users", descriptor.canTravel {
          #expect(descriptor.acceptsWishes)
          #expect(descriptor.wishExample == ["fetch": [:]])
          app = envelope.app
          id = descriptor.id
        }
      }
      let appID = try #require(app)
      let storeID = try #require(id)
      // Events that arrive while a command waits for its reply are kept.
      var seen: [StageEvent] = []
      func command(
        _ request: Int, _ kind: InspectorCommand.Kind, state: JSONValue? = nil,
        wish: JSONValue? = nil
      ) async throws -> CommandReply {
        try #require(
          await FinitaInspectorTests.command(
            request, kind, feature: storeID, app: appID, state: state, wish: wish, from: page,
            reading: &received, keeping: &seen))
      }

      // An action typed on the page is dispatched; the timeline shows the action and the
      // store's present states, never the undo history around them.
      let sent = try await command(1, .sendWish, wish: ["fetch": [:]])
      #expect(sent.ok)
      #expect(sent.message == "Sent fetch.")
      let loaded: JSONValue = [
        "users": [
          "loaded": [
            "_0": [
              ["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"],
              ["id": 3, "name": "Edsger"], ["id": 4, "name": "Barbara"],
            ]
          ]
        ]
      ]
      var wishes: [JSONValue] = []
      var states: [JSONValue] = []
      func take(_ events: [StageEvent]) {
        for event in events where event.feature == storeID {
          if event.stage == "wish", let value = event.value { wishes.append(value) }
          if event.stage == "state", let state = event.state { states.append(state) }
        }
      }
      take(seen)
      while !states.contains(loaded) {
        take(try #require(await next(&received) { !$0.events.isEmpty }).events)
      }
      #expect(wishes.first == ["fetch": [:]])
      #expect(states.first == ["users": ["loading": [:]]])
      #expect(store.state.users.value?.count == 4)

      // A wrong action is refused with the action type's name and the example.
      let wrong = try await command(2, .sendWish, wish: ["fly": [:]])
      #expect(!wrong.ok)
      #expect(wrong.message.contains("The action does not decode as UsersAction"))
      #expect(wrong.message.contains(#"for example {"fetch":{}}"#))

      // Travel to the first state, continue from there: the store is live again in it.
      let idle: JSONValue = ["users": ["idle": [:]]]
      #expect(try await command(3, .travel, state: idle).ok)
      #expect(store.isTravelling)
      #expect(store.state == UsersState())
      #expect(try await command(4, .continue).ok)
      #expect(!store.isTravelling)
      #expect(store.state == UsersState())

      // A state that is not the store's is refused, and the store stays as it was.
      let bad = try await command(5, .travel, state: ["users": 3])
      #expect(!bad.ok)
      #expect(bad.message.hasPrefix("The state does not decode as UsersState"))
      #expect(!store.isTravelling)

      store.dispose()
      let gone = try await command(6, .sendWish, wish: ["fetch": [:]])
      #expect(!gone.ok)
      // Refused either way: the store says it is gone, or, once the client has seen the disposal
      // (it forgets a disposed store as it forgets a feature), the inspector knows no such store.
      #expect(
        gone.message == "The store Store<UsersState, UsersAction> is gone (disposed or released)."
          || gone.message.contains("no feature \(storeID)"), "\(gone.message)")
      await client.stop()
      await page.close()
      await server.shutdown()
    }
  }
#endif  // Inspector
