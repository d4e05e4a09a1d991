#if Inspector
  import Finita
  import FinitaExamples
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import FinitaRecording
  import Foundation
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// A feature with news and asynchronous work, every type Codable: what a recording needs.
  struct Loader: FeatureDefinition {
    struct State: Codable, Equatable, Sendable {
      var count = 0
      var items: [String] = []
      var isLoading = false
    }
    enum Wish: Codable, Equatable, Sendable {
      case increment, load
    }
    enum Effect: Codable, Equatable, Sendable {
      case incremented, started
      case loaded([String])
    }
    enum News: Codable, Equatable, Sendable {
      case reachedThree
    }

    func act(_ state: State, _ action: Wish) -> Effects<Effect> {
      switch action {
      case .increment: .just(.incremented)
      case .load: .merge(.just(.started), .run { send in send(.loaded(["a", "b"])) })
      }
    }

    func reduce(_ state: inout State, _ effect: Effect) {
      switch effect {
      case .incremented: state.count += 1
      case .started: state.isLoading = true
      case .loaded(let items):
        state.isLoading = false
        state.items = items
      }
    }

    func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
      effect == .incremented && state.count == 3 ? .reachedThree : nil
    }
  }

  /// A wish that cannot be written as JSON.
  enum Opaque: Sendable {
    case go
  }

  extension JSONValue {
    /// The value under `key` of an object.
    subscript(key: String) -> JSONValue? {
      if case .object(let members) = self { members[key] } else { nil }
    }
  }

  /// One HTTP exchange with the inspector: the status and the body.
  func exchange(
    _ url: URL, method: String = "GET", body: Data? = nil
  ) async throws -> (status: Int, body: Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }

  /// Reads the page's messages until the feature named `name` has sent a state that `done`
  /// accepts; returns its app and its identifier.
  func feature(
    _ name: String, _ received: inout AsyncStream<String>.Iterator,
    until done: (JSONValue) -> Bool
  ) async throws -> (app: String, id: UInt64) {
    var found: (app: String, id: UInt64)?
    while true {
      let envelope = try #require(
        await next(&received) { $0.feature?.name == name || !$0.events.isEmpty })
      if let descriptor = envelope.feature, let app = envelope.app {
        found = (app, descriptor.id)
      }
      if let found,
        envelope.events.contains(where: { $0.feature == found.id && $0.state.map(done) == true })
      {
        return found
      }
    }
  }

  // Serialized with the other inspector suites' reasoning: the client's interceptor is global.
  @Suite("Recordings from the inspector", .serialized)
  struct RecordingExportTests {
    @Test("a feature's stages export as a recording that reads back, replays and imports")
    func exportReplayImport() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      // Only its own feature: tests running alongside create features of their own.
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("loader")))
      let loader = Feature(
        initialState: Loader.State(), definition: Loader(), configuration: .init(name: "loader"))
      loader.accept(.increment)
      loader.accept(.load)
      #expect(await state(of: loader) { $0.items == ["a", "b"] } != nil)
      loader.accept(.increment)
      loader.accept(.increment)

      // The inspector has every stage once the page saw the last state.
      let (appID, id) = try await feature("loader", &received) { $0["count"] == 3 }
      let base = "http://127.0.0.1:\(urls.port)/recording"
      let token = server.configuration.token
      let url = try #require(URL(string: "\(base)?app=\(appID)&feature=\(id)&token=\(token)"))
      let (status, data) = try await exchange(url)
      #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")

      let recording = try Recording<Loader>(jsonLines: data)
      #expect(recording.header.featureName == "loader")
      #expect(recording.header.droppedSteps == 0)
      #expect(recording.steps.first?.stage == .created)
      #expect(recording.steps.map(\.number) == Array(0..<recording.steps.count))
      #expect(recording.wishes == [.increment, .load, .increment, .increment])
      #expect(recording.steps.contains { $0.stage == .workStarted && $0.action == .load })
      #expect(recording.steps.contains { $0.stage == .news && $0.news == .reachedThree })
      #expect(recording.states.last == loader.state)
      let replay = recording.replay { _ in Loader() }
      #expect(replay.divergence == nil, "\(String(describing: replay.divergence))")
      #expect(replay.wishes == 4)
      #expect(replay.substitutedEffects == 1)

      // Read without the feature's types, the file writes back byte for byte.
      let untyped = try RecordingFile<JSONValue>(jsonLines: data)
      let rewritten = try untyped.jsonLines()
      #expect(rewritten == data)
      #expect(untyped.steps.allSatisfy { $0.missingValues.isEmpty })
      var stripped = untyped.steps[1...].first { $0.stage == .state }!
      stripped.effect = nil
      #expect(stripped.missingValues == ["effect"])

      // The page imports a recording through the inspector, which checks it; Windows line
      // endings read the same.
      let crlf = Data(
        String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
      let importURL = try #require(URL(string: "\(base)?name=loader.jsonl&token=\(token)"))
      let imported = try await exchange(importURL, method: "POST", body: crlf)
      #expect(imported.status == 200)
      let lines = String(decoding: imported.body, as: UTF8.self).split(separator: "\n")
      #expect(lines.first?.contains("finita-inspector-session") == true)
      let envelopes = try lines.dropFirst().map { try InspectorProtocol.decode(String($0)) }
      let events = envelopes.flatMap(\.events)
      #expect(events.map(\.stage) == recording.steps.map(\.stage.name))
      #expect(
        events.last { $0.state != nil }?.state == [
          "count": 3, "items": ["a", "b"], "isLoading": false,
        ])
      #expect(envelopes.contains { $0.feature?.typeName == String(reflecting: Loader.self) })

      // A file cut in the middle of a line is refused with the line and what to do.
      let cut = data.prefix(data.count - 10)
      let refused = try await exchange(importURL, method: "POST", body: cut)
      let message = String(decoding: refused.body, as: UTF8.self)
      #expect(refused.status == 422)
      #expect(message.contains("line \(recording.steps.count + 1)"), "\(message)")
      #expect(message.contains("cut short"), "\(message)")

      await client.stop()
      loader.dispose()
      await page.close()
      await server.shutdown()
    }

    @Test("an automaton running as a feature exports a recording that replays")
    func automatonRecording() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      // Only its own feature: tests running alongside create features of their own.
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("meter")))
      let meter = Feature(
        initialState: ParkingState.idle, definition: ParkingMeter(fee: 300),
        configuration: .init(name: "meter"))
      for event in [ParkingEvent.enterPlate("B-42"), .insert(amount: 100), .insert(amount: 500)] {
        meter.accept(event)
      }
      let (appID, id) = try await feature("meter", &received) { $0 == "paid" }
      let token = server.configuration.token
      let url = try #require(
        URL(
          string:
            "http://127.0.0.1:\(urls.port)/recording?app=\(appID)&feature=\(id)&token=\(token)"
        ))
      let (status, data) = try await exchange(url)
      #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
      let recording = try Recording<ParkingMeter>(jsonLines: data)
      #expect(
        recording.steps.compactMap(\.news) == [
          .requestPayment(300), .insufficient(inserted: 100, due: 300), .giveChange(200),
        ])
      let replay = recording.replay { _ in ParkingMeter(fee: 300) }
      #expect(replay.divergence == nil, "\(String(describing: replay.divergence))")
      #expect(replay.finalState == .paid)
      // The same recording against a meter with another fee diverges at the first news.
      let other = recording.replay { _ in ParkingMeter(fee: 200) }
      #expect(other.divergence != nil)

      await client.stop()
      meter.dispose()
      await page.close()
      await server.shutdown()
    }

    @Test("no recording without the token, of an unknown feature, or of values that are not JSON")
    func refusals() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      // Only its own feature: tests running alongside create features of their own.
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("opaque")))
      let opaque = Feature(
        initialState: Meter(),
        definition: ReducerDefinition<Meter, Opaque> { state, _ in state.coins += 1 },
        configuration: .init(name: "opaque"))
      opaque.accept(.go)
      let (appID, id) = try await feature("opaque", &received) { $0["coins"] == 1 }
      let base = "http://127.0.0.1:\(urls.port)/recording"
      let token = server.configuration.token
      let query = "app=\(appID)&feature=\(id)"

      let withoutToken = try await exchange(try #require(URL(string: "\(base)?\(query)")))
      #expect(withoutToken.status == 403)
      let unknown = try await exchange(
        try #require(URL(string: "\(base)?app=\(appID)&feature=999&token=\(token)")))
      #expect(unknown.status == 404)
      #expect(String(decoding: unknown.body, as: UTF8.self).contains("no feature 999"))
      let opaqueFile = try await exchange(
        try #require(URL(string: "\(base)?\(query)&token=\(token)")))
      let message = String(decoding: opaqueFile.body, as: UTF8.self)
      #expect(opaqueFile.status == 409)
      #expect(message.contains("without its wish as JSON"), "\(message)")
      #expect(message.contains("not Encodable"), "\(message)")
      let notARecording = try await exchange(
        try #require(URL(string: "\(base)?name=x.jsonl&token=\(token)")), method: "POST",
        body: Data("{\"format\":\"something else\",\"version\":1,\"type\":\"T\"}\n".utf8))
      #expect(notARecording.status == 422)
      #expect(
        String(decoding: notARecording.body, as: UTF8.self).contains("not a recording header"))

      await client.stop()
      opaque.dispose()
      await page.close()
      await server.shutdown()
    }
  }
#endif  // Inspector
