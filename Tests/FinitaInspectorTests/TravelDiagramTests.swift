#if Inspector
  import Finita
  import FinitaAutomaton
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import Testing

  @testable import FinitaInspectorClient

  enum Gate: String, Codable, Hashable, CaseIterable, Sendable {
    case locked, unlocked
  }

  enum GateEvent: String, Codable, AutomatonEvent, CaseIterable {
    case coin, push
  }

  let gateAutomaton = Automaton<Gate, GateEvent, Never> {
    Initial(.locked)
    Transition(from: .locked, to: .unlocked, by: .coin)
    Transition(from: .unlocked, to: .locked, by: .push)
  }

  // Serialized with the loopback suite's reasons: the client's interceptor is global.
  @Suite("The inspector's diagram follows time travel", .serialized)
  struct TravelDiagramTests {
    @Test(
      "travelling, going back to live and continuing each redraw the diagram on the state shown",
      .timeLimit(.minutes(1)))
    func diagramFollowsTravel() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed

      // Only its own feature: tests running alongside create features of their own.
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("gate")))
      let gate = try Feature(
        automaton: gateAutomaton, undefinedEvents: .ignore, configuration: .init(name: "gate"))
      client.inspect(gate, automaton: gateAutomaton)
      gate.accept(.coin)

      func diagram(highlighting state: Gate) async -> InspectorEnvelope? {
        let expected = gateAutomaton.mermaid(highlighting: state)
        return await next(&received) { $0.diagram?.mermaid == expected }
      }
      let live = try #require(await diagram(highlighting: .unlocked))
      let app = try #require(live.app)
      let feature = try #require(live.diagram?.feature)

      func command(_ id: Int, _ kind: InspectorCommand.Kind, state: JSONValue? = nil) async throws {
        try page.send(
          InspectorEnvelope(
            .command(
              InspectorCommand(requestID: id, feature: feature, kind: kind, state: state)),
            app: app))
      }

      // No stage reports a travel: before the fix the diagram kept the live state.
      try await command(1, .travel, state: "locked")
      #expect(await diagram(highlighting: .locked) != nil)
      try await command(2, .live)
      #expect(await diagram(highlighting: .unlocked) != nil)
      try await command(3, .travel, state: "locked")
      #expect(await diagram(highlighting: .locked) != nil)
      try await command(4, .continue)
      gate.accept(.coin)
      #expect(await diagram(highlighting: .unlocked) != nil)

      await client.stop()
      gate.dispose()
      await page.close()
      await server.shutdown()
    }

    @Test("a machine's state is watched only while the client streams it")
    func diagramWatchers() async throws {
      let made = try Feature(
        automaton: gateAutomaton, undefinedEvents: .ignore, configuration: .init(name: "watched"))
      // Nothing listens on port 1: the client keeps trying, and streams meanwhile.
      let client = InspectorClient.start(
        url: "ws://127.0.0.1:1/app?token=none",
        configuration: .init(reconnectDelay: { _ in .seconds(3600) }, features: .named("watched")))
      // A feature made before the client started is not streamed: nothing to watch.
      client.inspect(made, automaton: gateAutomaton)
      #expect(client.diagramWatcherCount == 0)
      #expect(made.observerCounts?.state == 0)
      let gate = try Feature(
        automaton: gateAutomaton, undefinedEvents: .ignore, configuration: .init(name: "watched"))
      client.inspect(gate, automaton: gateAutomaton)
      #expect(client.diagramWatcherCount == 1)
      #expect(gate.observerCounts?.state == 1)
      await client.stop()
      #expect(gate.observerCounts?.state == 0)
      // Handed over after the stop: before, its watcher was kept, and nothing ended it but the
      // feature's disposal.
      client.inspect(gate, automaton: gateAutomaton)
      #expect(client.diagramWatcherCount == 0)
      #expect(gate.observerCounts?.state == 0)
      made.dispose()
      gate.dispose()
    }

    @Test(
      "a wake given while the sender is not waiting is kept for its next wait",
      .timeLimit(.minutes(1)))
    func wakeIsNotLost() async {
      let buffer = EventBuffer(capacity: 4)
      buffer.wake()
      // Returns at once; a lost wake would wait for an event that never comes.
      await buffer.waitForEvents()
      #expect(buffer.count == 0)
    }
  }
#endif  // Inspector
