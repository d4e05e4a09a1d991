#if Inspector
  import Finita
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import FinitaRecording
  import Foundation
  import Testing

  // Serialized with the other inspector suites' reasoning: the client's interceptor is global.
  @Suite("Continue from here in the history", .serialized)
  struct ContinueFromHereTests {
    @Test("a continue is a jump in the stream, the recording and a replay that does not diverge")
    func jumpReplays() async throws {
      let inspector = try await LoopbackInspector(features: "jumper")
      // Returns once the page has both states: the live one is count 2.
      let (loader, target, _) = try await inspector.inspectLoader(increments: 2)
      #expect(await state(of: loader) { $0.count == 2 } != nil)
      let appID = target.app
      let featureID = target.id
      func command(
        _ kind: InspectorCommand.Kind, state: JSONValue? = nil, wish: JSONValue? = nil
      ) async throws -> CommandReply {
        try await inspector.command(kind, to: target, state: state, wish: wish)
      }

      // Continue needs a travelled or paused feature.
      let live = try await command(.continue)
      #expect(!live.ok)
      #expect(live.message.contains("is live"), "\(live.message)")
      // Travel back to the start, send a wish (held), continue from there: the held wish runs
      // against the start, and the live count is 1, not 3.
      let initial: JSONValue = ["count": 0, "items": [], "isLoading": false]
      #expect(try await command(.travel, state: initial).ok)
      #expect(await state(of: loader) { $0.count == 0 } != nil)
      let held = try await command(.sendWish, wish: ["increment": [:]])
      #expect(held.ok)
      #expect(held.message.hasPrefix("Held until"), "\(held.message)")
      #expect(try await command(.continue).ok)
      #expect(await state(of: loader) { $0.count == 1 } != nil)
      let sent = try await command(.sendWish, wish: ["increment": [:]])
      #expect(sent.message.hasPrefix("Sent"), "\(sent.message)")
      #expect(await state(of: loader) { $0.count == 2 } != nil)

      // The page sees the jump as a step of its own, with the state continued from, before the
      // state that follows it. Reading on to the last state (count 2) also means the inspector
      // has every step before the recording is exported.
      // The events that arrive while a command waits for its reply are kept: the jump can come
      // before the reply that announces it.
      let events = try await inspector.events(of: target) { events in
        guard let jump = events.firstIndex(where: { $0.stage == "jump" }) else { return false }
        return events[jump...].contains { $0.stage == "state" && $0.state?["count"] == 2 }
      }
      let jump = try #require(events.firstIndex { $0.stage == "jump" })
      let jumpState = events[jump].state
      let stages = events[jump...].map(\.stage)
      #expect(jumpState == initial)
      #expect(stages.first == "jump")
      #expect(stages.contains("state"))

      let token = inspector.server.configuration.token
      let url = try #require(
        URL(
          string: "http://127.0.0.1:\(inspector.port)/recording?app=\(appID)&feature=\(featureID)"
            + "&token=\(token)"))
      let (status, data) = try await exchange(url)
      #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
      let recording = try Recording<Loader>(jsonLines: data)
      // The jump is written as a created step with the state continued from; numbers stay in order.
      let jumps = recording.steps.dropFirst().filter { $0.stage == .created }
      #expect(jumps.map(\.state) == [Loader.State()])
      #expect(recording.steps.map(\.number) == Array(0..<recording.steps.count))
      let replay = recording.replay { _ in Loader() }
      #expect(replay.divergence == nil, "\(String(describing: replay.divergence))")
      #expect(replay.finalState.count == 2)
      #expect(replay.wishes == 4)

      // Imported back into the page, the jump shows as a jump.
      let importURL = try #require(
        URL(string: "http://127.0.0.1:\(inspector.port)/recording?name=j.jsonl&token=\(token)"))
      let imported = try await exchange(importURL, method: "POST", body: data)
      #expect(imported.status == 200)
      let lines = String(decoding: imported.body, as: UTF8.self).split(separator: "\n")
      let importedEvents = try lines.dropFirst().map { try InspectorProtocol.decode(String($0)) }
        .flatMap(\.events)
      #expect(importedEvents.filter { $0.stage == "jump" }.count == 1)

      loader.dispose()
      await inspector.stop()
    }

    @Test("a recording with a jump replays it; without the jump the same steps diverge")
    func replayHonoursJumps() throws {
      var steps: [RecordedStep<Loader>] = []
      func add(
        _ stage: FeatureStage, wish: Loader.Wish? = nil, effect: Loader.Effect? = nil,
        state: Loader.State? = nil
      ) {
        steps.append(
          RecordedStep(
            number: steps.count, stage: stage, time: .zero, wish: wish,
            action: wish == nil ? nil : wish, effect: effect, state: state))
      }
      add(.created, state: Loader.State())
      add(.wish, wish: .increment)
      add(.state, effect: .incremented, state: Loader.State(count: 1))
      add(.created, state: Loader.State(count: 10))
      add(.wish, wish: .increment)
      add(.state, effect: .incremented, state: Loader.State(count: 11))
      let header = RecordingHeader<Loader.State>(
        featureName: "jumper", typeName: String(reflecting: Loader.self),
        initialState: Loader.State())
      let recording = Recording<Loader>(header: header, steps: steps)
      let replay = recording.replay { _ in Loader() }
      #expect(replay.divergence == nil, "\(String(describing: replay.divergence))")
      #expect(replay.finalState.count == 11)
      var withoutJump = steps
      withoutJump.remove(at: 3)
      let diverging = Recording<Loader>(header: header, steps: withoutJump).replay { _ in Loader() }
      #expect(diverging.divergence != nil)
    }
  }
#endif  // Inspector
