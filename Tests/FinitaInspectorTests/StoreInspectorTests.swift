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
      let inspector = try await LoopbackInspector(features: "users")
      let store = Store(
        initialState: UsersState(), reducer: Users.reducer,
        middleware: [Users.fetchUsersMiddleware(InMemoryUsersAPI())],
        configuration: .init(name: "users"))
      inspector.client.inspect(store, actionExample: .fetch)

      // The bound descriptor says the store can travel and take actions, with the example.
      let target = try await inspector.bound("users")
      #expect(target.descriptor.acceptsWishes)
      #expect(target.descriptor.wishExample == ["fetch": [:]])
      func command(
        _ kind: InspectorCommand.Kind, state: JSONValue? = nil, wish: JSONValue? = nil
      ) async throws -> CommandReply {
        try await inspector.command(kind, to: target, state: state, wish: wish)
      }

      // An action typed on the page is dispatched; the timeline shows the action and the
      // store's present states, never the undo history around them.
      let sent = try await command(.sendWish, wish: ["fetch": [:]])
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
      let events = try await inspector.events(of: target) { events in
        events.contains { $0.stage == "state" && $0.state == loaded }
      }
      let wishes = events.filter { $0.stage == "wish" }.compactMap(\.value)
      let states = events.filter { $0.stage == "state" }.compactMap(\.state)
      #expect(wishes.first == ["fetch": [:]])
      #expect(states.first == ["users": ["loading": [:]]])
      #expect(store.state.users.value?.count == 4)

      // A wrong action is refused with the action type's name and the example.
      let wrong = try await command(.sendWish, wish: ["fly": [:]])
      #expect(!wrong.ok)
      #expect(wrong.message.contains("The action does not decode as UsersAction"))
      #expect(wrong.message.contains(#"for example {"fetch":{}}"#))

      // Travel to the first state, continue from there: the store is live again in it.
      let idle: JSONValue = ["users": ["idle": [:]]]
      #expect(try await command(.travel, state: idle).ok)
      #expect(store.isTravelling)
      #expect(store.state == UsersState())
      #expect(try await command(.continue).ok)
      #expect(!store.isTravelling)
      #expect(store.state == UsersState())

      // A state that is not the store's is refused, and the store stays as it was.
      let bad = try await command(.travel, state: ["users": 3])
      #expect(!bad.ok)
      #expect(bad.message.hasPrefix("The state does not decode as UsersState"))
      #expect(!store.isTravelling)

      store.dispose()
      let gone = try await command(.sendWish, wish: ["fetch": [:]])
      #expect(!gone.ok)
      // Refused either way: the store says it is gone, or, once the client has seen the disposal
      // (it forgets a disposed store as it forgets a feature), the inspector knows no such store.
      #expect(
        gone.message == "The store Store<UsersState, UsersAction> is gone (disposed or released)."
          || gone.message.contains("no feature \(target.id)"), "\(gone.message)")
      await inspector.stop()
    }
  }
#endif  // Inspector
