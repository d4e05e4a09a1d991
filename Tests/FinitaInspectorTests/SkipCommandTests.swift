#if Inspector
  import Finita
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import Foundation
  import Testing

  // Serialized with the other inspector suites' reasoning: the client's interceptor is global.
  @Suite("Skipping a step from the page", .serialized)
  struct SkipCommandTests {
    @Test("a skipped increment is left out of the later states, and the live count drops")
    func skipRecomputesAndGoesLive() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("skipper")))
      let loader = Feature(
        initialState: Loader.State(), definition: Loader(), configuration: .init(name: "skipper"))
      client.inspect(loader)
      for _ in 0..<3 { loader.accept(.increment) }
      #expect(await state(of: loader) { $0.count == 3 } != nil)

      // The state steps, with their numbers, as the page sees them.
      var app: String?
      var id: UInt64?
      var stateSteps: [Int] = []
      var wishStep: Int?
      while app == nil || stateSteps.count < 3 {
        let envelope = try #require(await next(&received) { _ in true })
        if let descriptor = envelope.feature, descriptor.name == "skipper", descriptor.canTravel {
          app = envelope.app
          id = descriptor.id
        }
        for event in envelope.events where event.feature == id || id == nil {
          if event.stage == "state", let step = event.step { stateSteps.append(step) }
          if event.stage == "wish", wishStep == nil { wishStep = event.step }
        }
      }
      let appID = try #require(app)
      let featureID = try #require(id)
      var seen: [StageEvent] = []
      func skip(_ request: Int, _ steps: [Int]) async throws -> CommandReply {
        try #require(
          await FinitaInspectorTests.command(
            request, .skip, feature: featureID, app: appID, skipped: steps, from: page,
            reading: &received, keeping: &seen))
      }

      // The second increment left out: the second state stays at 1, the third is 2, and 2 is
      // live, recorded as a jump.
      let skipped = try await skip(1, [stateSteps[1]])
      #expect(skipped.ok, "\(skipped.message)")
      #expect(skipped.recomputed?.map(\.step) == [stateSteps[1], stateSteps[2]])
      #expect(skipped.recomputed?.map { $0.state["count"] } == [1, 2])
      #expect(await state(of: loader) { $0.count == 2 } != nil)
      #expect(!loader.isTravelling)

      // The skip set is sent whole: an empty one puts the history back.
      let restored = try await skip(2, [])
      #expect(restored.ok, "\(restored.message)")
      #expect(restored.recomputed?.map { $0.state["count"] } == [2, 3])
      #expect(await state(of: loader) { $0.count == 3 } != nil)

      // A wish is not a step whose effect can be left out.
      let wrong = try await skip(3, [try #require(wishStep)])
      #expect(!wrong.ok)
      #expect(wrong.message.contains("only effects"), "\(wrong.message)")
      #expect(await state(of: loader) { $0.count == 3 } != nil)

      // A travel continued from is a jump the states after it do not follow from.
      #expect(try await skip(4, [stateSteps[0]]).ok)
      let nine: JSONValue = ["count": 9, "items": [], "isLoading": false]
      let travelled = try await FinitaInspectorTests.command(
        5, .travel, feature: featureID, app: appID, state: nine, from: page,
        reading: &received, keeping: &seen)
      #expect(travelled?.ok == true)
      _ = try await FinitaInspectorTests.command(
        6, .continue, feature: featureID, app: appID, from: page, reading: &received,
        keeping: &seen)
      let afterJump = try await skip(7, [stateSteps[1]])
      #expect(!afterJump.ok)
      #expect(afterJump.message.contains("The state was replaced at step"), "\(afterJump.message)")
      #expect(await state(of: loader) { $0.count == 9 } != nil)

      await client.stop()
      loader.dispose()
      await page.close()
      await server.shutdown()
    }
  }
#endif  // Inspector
