#if Inspector
  import Finita
  import FinitaInspectorDemo
  import FinitaInspectorProtocol
  import Foundation
  import HTTPTypes
  import Testing

  @testable import FinitaInspector
  @testable import FinitaInspectorClient

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  struct Meter: Codable, Hashable, Sendable {
    var coins = 0
  }

  enum MeterWish: Codable, Hashable, Sendable {
    case insert(amount: Int)
  }

  typealias MeterDefinition = ReducerDefinition<Meter, MeterWish>

  func makeMeter(
    _ name: String, interceptors: [any FeatureInterceptor] = []
  ) -> Feature<MeterDefinition> {
    Feature(
      initialState: Meter(),
      definition: MeterDefinition { state, wish in
        switch wish {
        case .insert(let amount): state.coins += amount
        }
      },
      configuration: .init(name: name, interceptors: interceptors))
  }

  /// Waits until the feature's state satisfies `predicate` (the stream gives the current state
  /// first, then every change).
  func state<Definition: FeatureDefinition>(
    of feature: Feature<Definition>, where predicate: (Definition.State) -> Bool
  ) async -> Definition.State? {
    for await state in feature.states where predicate(state) { return state }
    return nil
  }

  func waitFor(_ client: InspectorClient, _ event: InspectorClient.ConnectionEvent) async {
    for await seen in client.connectionEvents where seen == event { return }
  }

  // Serialized: the client's interceptor is global, so clients of parallel tests would see each
  // other's features.
  /// A client of an inspector that is gone: it keeps the stages of the features `features`
  /// selects, and tries to connect again only in an hour.
  func startOffline(
    bufferCapacity: Int = 10_000, features: FeatureFilter
  ) async throws -> InspectorClient {
    let server = InspectorServer()
    let urls = try await server.start()
    await server.shutdown()
    return InspectorClient.start(
      url: urls.app.absoluteString,
      configuration: .init(
        bufferCapacity: bufferCapacity, reconnectDelay: { _ in .seconds(3600) },
        features: features))
  }

  @Suite("The inspector over loopback", .serialized)
  struct LoopbackTests {
    @Test("a port outside 0 to 65535 is refused with its number, and nothing listens")
    func invalidPort() async throws {
      for port in [-1, 65_536, 99_999] {
        let server = InspectorServer(configuration: .init(port: port, dotPath: nil))
        await #expect(throws: InspectorServerError.invalidPort(port)) { try await server.start() }
        #expect("\(InspectorServerError.invalidPort(port))".contains("\(port) is not a TCP port"))
      }
    }

    @Test("start twice at once: one starts, the other is refused, and one shutdown stops it")
    func startTwiceAtOnce() async throws {
      for _ in 0..<20 {
        let server = InspectorServer(configuration: .init(port: 0, dotPath: nil))
        let first = Task { try await server.start() }
        let second = Task { try await server.start() }
        let results = [await first.result, await second.result]
        let started = results.compactMap { try? $0.get() }
        #expect(started.count == 1)
        #expect(
          results.contains { result in
            if case .failure(let error) = result {
              return error as? InspectorServerError == .alreadyRunning
            }
            return false
          })
        await server.shutdown()
        // Nothing listens any more: the port can be taken again.
        if let port = started.first?.port {
          let again = InspectorServer(configuration: .init(port: port, dotPath: nil))
          try await again.start()
          await again.shutdown()
        }
      }
    }

    @Test("shut down while it starts: the start throws, and when shutdown returns nothing listens")
    func shutdownWhileStarting() async throws {
      // A port known to be free: taken and let go.
      let probe = InspectorServer(configuration: .init(port: 0, dotPath: nil))
      let port = try await probe.start().port
      await probe.shutdown()
      let server = InspectorServer(configuration: .init(port: port, dotPath: nil))
      let (entered, enter) = AsyncStream.makeStream(of: Void.self)
      let (gate, open) = AsyncStream.makeStream(of: Void.self)
      server.beforeRunning.withLock {
        $0 = {
          enter.yield()
          for await _ in gate { break }
        }
      }
      let starting = Task { try await server.start() }
      for await _ in entered { break }
      // The start is starting; the shutdown takes it and waits for what it began.
      let stopping = Task { await server.shutdown() }
      while !server.isStopped { await Task.yield() }
      open.yield()
      await stopping.value
      // Before, the shutdown found nothing running and returned at once; the start then ran.
      let again = InspectorServer(configuration: .init(port: port, dotPath: nil))
      try await again.start()
      await again.shutdown()
      await #expect(throws: InspectorServerError.shutDownWhileStarting) {
        try await starting.value
      }
      // And it starts again.
      server.beforeRunning.withLock { $0 = nil }
      #expect(try await server.start().port == port)
      await server.shutdown()
    }

    @Test("a port in use or a host that is not this machine's is said so, with what to give")
    func bindingErrors() async throws {
      let first = InspectorServer(configuration: .init(port: 0, dotPath: nil))
      let urls = try await first.start()
      let second = InspectorServer(configuration: .init(port: urls.port, dotPath: nil))
      await #expect(throws: InspectorServerError.portInUse(urls.port)) { try await second.start() }
      #expect(
        "\(InspectorServerError.portInUse(urls.port))".contains("Port \(urls.port) is in use"))
      await first.shutdown()
      // 192.0.2.1 is kept for documentation: no machine has it.
      let foreign = InspectorServer(configuration: .init(host: "192.0.2.1", port: 0, dotPath: nil))
      await #expect(throws: InspectorServerError.hostUnavailable("192.0.2.1")) {
        try await foreign.start()
      }
      #expect(
        "\(InspectorServerError.hostUnavailable("192.0.2.1"))"
          .contains("'192.0.2.1' is not an address of this machine"))
    }

    @Test("a token of one's own is used in the addresses; one that cannot go into a URL is refused")
    func ownToken() async throws {
      for (token, problem) in [
        ("dev&token-1", "The token has '&'"), ("dev token 1", "The token has ' '"),
        ("dev#token-1", "The token has '#'"), ("short", "The token has 5 characters"),
        ("", "The token has 0 characters"),
      ] {
        let server = InspectorServer(configuration: .init(port: 0, token: token, dotPath: nil))
        let error = await #expect(throws: InspectorServerError.self) { try await server.start() }
        #expect("\(error.map(String.init(describing:)) ?? "")".contains(problem))
      }
      let server = InspectorServer(
        configuration: .init(port: 0, token: "Dev-token_1.2~", dotPath: nil))
      let urls = try await server.start()
      #expect(urls.app.absoluteString.hasSuffix("/app?token=Dev-token_1.2~"))
      #expect(urls.page.query == "token=Dev-token_1.2~")
      await server.shutdown()
    }

    @Test("an app whose token is not the inspector's is told why, and tries again")
    func wrongToken() async throws {
      let server = InspectorServer(configuration: .init(port: 0, dotPath: nil))
      let urls = try await server.start()
      let address = "ws://127.0.0.1:\(urls.port)/app?token=an-old-token-from-before"
      let client = InspectorClient.start(
        url: address,
        configuration: .init(reconnectDelay: { _ in .milliseconds(1) }, features: .named("none")))
      var events = client.connectionEvents.makeAsyncIterator()
      for _ in 0..<2 {
        let event = await events.next()
        guard case .refused(let text) = event else {
          Issue.record("expected refused, got \(String(describing: event))")
          break
        }
        #expect(text.contains("the server at 127.0.0.1:\(urls.port) refused the connection"))
        #expect(text.contains("--token"))
        // The token may end up in logs: it is not repeated.
        #expect(!text.contains("an-old-token"))
      }
      #expect(server.connectedApps == 0)
      await client.stop()
      await server.shutdown()
    }

    @Test("the page needs the token; a foreign Host or Origin is refused")
    func pageAccess() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      defer { Task { await server.shutdown() } }
      func status(_ url: URL, _ headers: [String: String] = [:]) async throws -> (Int, String) {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (
          (response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self)
        )
      }
      let page = try await status(urls.page)
      #expect(page.0 == 200)
      #expect(page.1.contains("Finita Inspector"))
      let withoutToken = URL(string: "http://127.0.0.1:\(urls.port)/")!
      let refused = try await status(withoutToken)
      #expect(refused.0 == 403)
      #expect(refused.1.contains("needs its token"))
      let wrongToken = URL(string: "http://127.0.0.1:\(urls.port)/?token=nope")!
      #expect(try await status(wrongToken).0 == 403)
      #expect(try await status(urls.page, ["Origin": "http://evil.example"]).0 == 403)
      let script = URL(string: "http://127.0.0.1:\(urls.port)/static/inspector.js")!
      #expect(try await status(script).0 == 200)
      await server.shutdown()
    }

    @Test("sockets need the token and the inspector's own Origin")
    func socketAccess() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let base = "ws://127.0.0.1:\(urls.port)"
      #expect(await TestSocket(url: "\(base)/app").outcome.value == false)
      #expect(await TestSocket(url: "\(base)/page?token=wrong").outcome.value == false)
      let foreign = TestSocket(
        url: urls.pageSocket.absoluteString, headers: [.origin: "http://evil.example"])
      #expect(await foreign.outcome.value == false)
      let page = TestSocket(url: urls.pageSocket.absoluteString)
      var received = page.received.makeAsyncIterator()
      let welcome = await next(&received) { if case .welcome = $0.message { true } else { false } }
      #expect(welcome != nil)
      await page.close()
      await server.shutdown()
    }

    @Test("oversized, malformed and unknown-version messages get an error frame and are dropped")
    func badInput() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var pageReceived = welcomed
      let app = TestSocket(url: urls.app.absoluteString)
      var appReceived = app.received.makeAsyncIterator()

      app.send(#"{"v":1,"type":"events","events":[]}"#)
      #expect(await next(&appReceived) { $0.errorCode != nil }?.errorCode == "unexpected")
      try app.send(InspectorEnvelope(.hello(AppHello(name: "raw", platform: "test", processID: 1))))
      app.send(String(repeating: " ", count: InspectorProtocol.maximumMessageSize + 10) + "{}")
      #expect(await next(&appReceived) { $0.errorCode != nil }?.errorCode == "tooLarge")
      app.send("{not json")
      #expect(await next(&appReceived) { $0.errorCode != nil }?.errorCode == "malformed")
      app.send(#"{"v":99,"type":"hello"}"#)
      #expect(await next(&appReceived) { $0.errorCode != nil }?.errorCode == "unsupportedVersion")
      app.send(#"{"v":1,"type":"command","requestID":1,"feature":1,"kind":"live"}"#)
      #expect(await next(&appReceived) { $0.errorCode != nil }?.errorCode == "unexpected")

      // The inspector goes on: the next good message reaches the page.
      try app.send(
        InspectorEnvelope(
          .feature(FeatureDescriptor(id: 9, name: "after", typeName: "T", displayName: "after"))))
      let feature = await next(&pageReceived) { $0.feature != nil }
      #expect(feature?.feature?.name == "after")

      page.send("[]")
      let pageError = await next(&pageReceived) { $0.errorCode != nil }
      #expect(pageError?.errorCode == "malformed")
      try page.send(
        InspectorEnvelope(
          .command(InspectorCommand(requestID: 1, feature: 9, kind: .live)), app: "nobody"))
      #expect(await next(&pageReceived) { $0.errorCode != nil }?.errorCode == "unknownApp")

      await app.close()
      await page.close()
      await server.shutdown()
    }

    @Test("the client streams every stage, and the page's commands move the feature")
    func streamsAndCommands() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed

      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("streamed")))
      let meter = makeMeter("streamed")
      client.inspect(meter, wishExample: .insert(amount: 1))
      meter.accept(.insert(amount: 2))

      // The feature is announced before its first stages, and again once `inspect` has bound it
      // (which may come after some of them): its stages are collected from the first announcement.
      var descriptor: InspectorEnvelope?
      var featureID: UInt64?
      var stages: [String] = []
      var lastState: JSONValue?
      while descriptor == nil || lastState != ["coins": 2] {
        let envelope = try #require(await next(&received) { _ in true })
        if let feature = envelope.feature, feature.name == "streamed" {
          featureID = feature.id
          if feature.canTravel { descriptor = envelope }
        }
        for event in envelope.events where event.feature == featureID {
          stages.append(event.stage)
          if let state = event.state { lastState = state }
        }
      }
      let app = try #require(descriptor?.app)
      let boundID = try #require(descriptor?.feature?.id)
      #expect(boundID == featureID)
      #expect(descriptor?.feature?.wishExample == ["insert": ["amount": 1]])
      #expect(stages.starts(with: ["created", "started", "wish", "action", "effect", "state"]))

      func command(
        _ id: Int, _ kind: InspectorCommand.Kind, state: JSONValue? = nil,
        wish: JSONValue? = nil
      ) async throws -> CommandReply {
        try #require(
          await FinitaInspectorTests.command(
            id, kind, feature: boundID, app: app, state: state, wish: wish, from: page,
            reading: &received))
      }

      #expect(try await command(1, .travel, state: ["coins": 0]).ok)
      #expect(await state(of: meter) { $0.coins == 0 } != nil)
      #expect(meter.isTravelling)
      #expect(try await command(2, .live).ok)
      #expect(await state(of: meter) { $0.coins == 2 } != nil)

      let bad = try await command(3, .sendWish, wish: ["insert": ["amount": "two"]])
      #expect(!bad.ok)
      #expect(bad.message.contains("does not decode"))
      #expect(bad.message.contains("insert.amount"))
      #expect(try await command(4, .sendWish, wish: ["insert": ["amount": 5]]).ok)
      #expect(await state(of: meter) { $0.coins == 7 } != nil)

      let badState = try await command(5, .travel, state: "nope")
      #expect(!badState.ok)
      #expect(badState.message.contains("does not decode"))

      await client.stop()
      meter.dispose()
      await page.close()
      await server.shutdown()
    }

    @Test("two features of one type and name each take their own commands", .timeLimit(.minutes(1)))
    func twinsTakeTheirOwnCommands() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed

      // Made before the client started, so not streamed, though another interceptor sees it.
      let older = makeMeter("twin", interceptors: [NoInterceptor()])
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("twin")))
      client.inspect(older)
      #expect(older.interceptedInfo != nil)
      #expect(client.attachmentCount == 0)
      let first = makeMeter("twin")
      let second = makeMeter("twin")
      client.inspect(first)
      client.inspect(second)
      let firstID = try #require(first.interceptedInfo?.id)
      let secondID = try #require(second.interceptedInfo?.id)

      // Both are announced as able to travel and take wishes once bound.
      var app: String?
      var bound: Set<UInt64> = []
      while bound != [firstID, secondID] {
        let envelope = try #require(await next(&received) { $0.feature != nil })
        if let feature = envelope.feature, feature.acceptsWishes {
          bound.insert(feature.id)
          app = envelope.app
        }
      }
      let appName = try #require(app)

      func sendWish(_ id: Int, to feature: UInt64, amount: Int) async throws -> CommandReply {
        try #require(
          await FinitaInspectorTests.command(
            id, .sendWish, feature: feature, app: appName,
            wish: ["insert": ["amount": .number(Double(amount))]], from: page,
            reading: &received))
      }

      // The client accepts the wish before it replies, and nothing else processes the meters.
      #expect(try await sendWish(1, to: firstID, amount: 5).ok)
      #expect(first.state.coins == 5)
      #expect(second.state.coins == 0)
      #expect(try await sendWish(2, to: secondID, amount: 7).ok)
      #expect(first.state.coins == 5)
      #expect(second.state.coins == 7)

      // Handed over again, with a wish example: the client keeps the newer hand-over only, and
      // announces the feature again with it.
      client.inspect(first, wishExample: .insert(amount: 9))
      #expect(client.attachmentCount == 2)
      let announced = try #require(
        await next(&received) { $0.feature?.id == firstID && $0.feature?.wishExample != nil })
      #expect(announced.feature?.wishExample == ["insert": ["amount": 9]])

      // The client lets a feature go before it sends the feature's `disposed` stage; a feature
      // handed over once disposed is not kept at all.
      first.dispose()
      second.dispose()
      var disposed: Set<UInt64> = []
      while disposed != [firstID, secondID] {
        let envelope = try #require(await next(&received) { !$0.events.isEmpty })
        for event in envelope.events where event.stage == "disposed" {
          disposed.insert(event.feature)
        }
      }
      #expect(client.attachmentCount == 0)
      client.inspect(first)
      #expect(client.attachmentCount == 0)

      older.dispose()
      await client.stop()
      await page.close()
      await server.shutdown()
    }

    @Test("the demo's load features stream their news to the page and stop with the demo")
    func demoLoad() async throws {
      let demo = InspectorDemo(
        server: InspectorServer(), load: .init(features: 2, stagesPerSecond: 1_200),
        report: { _ in })
      let urls = try await demo.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      var loadFeatures: [UInt64: String] = [:]
      var counted: [String: String] = [:]
      // Each load feature counts up; its news carries the count. Wait for a second count from both.
      while counted.count < 2 || counted.values.contains("1") {
        let envelope = try #require(await next(&received) { _ in true })
        if let feature = envelope.feature, let name = feature.name, name.hasPrefix("load") {
          loadFeatures[feature.id] = name
        }
        for event in envelope.events where event.stage == "news" {
          if let name = loadFeatures[event.feature] { counted[name] = event.text }
        }
      }
      #expect(Set(counted.keys) == ["load0", "load1"])
      await page.close()
      // Shutting down cancels the load's task and returns: nothing keeps sending.
      await demo.shutdown()
      #expect(demo.server.connectedApps == 0)
    }

    // The client streams the meter only: the other suites' features, created meanwhile by the
    // thousand, would push the meter's stages out of its buffer.
    @Test(
      "stages dropped before the inspector came keep their step numbers",
      .timeLimit(.minutes(1)))
    func droppedStagesKeepNumbers() async throws {
      // An inspector that is gone: the client keeps 5,000 stages and drops the older ones.
      let first = InspectorServer()
      let firstURLs = try await first.start()
      await first.shutdown()
      let client = InspectorClient.start(
        url: firstURLs.app.absoluteString,
        configuration: .init(
          bufferCapacity: 5_000, reconnectDelay: { _ in .milliseconds(100) },
          features: .named("gap")))
      let made = LockedValue(0)
      let counter = DescribingInterceptor { _, _, _ in made.withLock { $0 += 1 } }
      let meter = makeMeter("gap", interceptors: [counter])
      for _ in 0..<2_000 { meter.accept(.insert(amount: 1)) }
      let stages = made.withLock { $0 }
      // The inspector comes back on the same port, with the same token.
      let second = InspectorServer(
        configuration: .init(port: firstURLs.port, token: first.configuration.token))
      let urls = try await second.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      let descriptor = try #require(await next(&received) { $0.feature?.name == "gap" })
      let id = try #require(descriptor.feature?.id)
      // Read up to the meter's last stage: the one after its final state.
      var steps: [Int] = []
      var sawFinalState = false
      var done = false
      while !done {
        let batch = try #require(await next(&received) { !$0.events.isEmpty })
        for event in batch.events where event.feature == id {
          steps += event.step.map { [$0] } ?? []
          if sawFinalState && event.stage == "actionHandled" { done = true }
          if event.state == ["coins": 2_000] { sawFinalState = true }
        }
      }
      // The kept stages are the newest, numbered as if none had been lost.
      #expect(steps.count <= 5_000)
      #expect(steps == Array((stages - steps.count)..<stages))
      #expect(steps.first ?? 0 > 0)
      await client.stop()
      meter.dispose()
      await page.close()
      await second.shutdown()
    }

    @Test("features the app did not hand over are shown but not controlled")
    func readOnly() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      let page = TestSocket(url: urls.pageSocket.absoluteString)
      var received = page.received.makeAsyncIterator()
      let client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named("readOnly")))
      let meter = makeMeter("readOnly")
      let descriptor = await next(&received) { $0.feature?.name == "readOnly" }
      let app = try #require(descriptor?.app)
      #expect(descriptor?.feature?.canTravel == false)
      try page.send(
        InspectorEnvelope(
          .command(InspectorCommand(requestID: 1, feature: descriptor!.feature!.id, kind: .pause)),
          app: app))
      let reply = try #require(await next(&received) { $0.reply != nil }?.reply)
      #expect(!reply.ok)
      #expect(reply.message.contains("inspector.inspect(feature)"))
      await client.stop()
      meter.dispose()
      await page.close()
      await server.shutdown()
    }

    @Test("an address that cannot reach an inspector is reported once, and nothing is retried")
    func invalidAddress() async {
      let cases = [
        ("http://127.0.0.1:7447/?token=abc", "is the inspector page's address, for a browser"),
        ("127.0.0.1:7447", "is not a URL"),
        ("tcp://127.0.0.1:7447/app?token=abc", "is not a WebSocket address"),
        ("ws:///app?token=abc", "has no host"),
        ("", "is not a URL"),
      ]
      for (address, problem) in cases {
        // Only its own feature: between the start and the uninstall, the client would log the
        // features that tests running alongside make (674 stages were pending once).
        let client = InspectorClient.start(
          url: address,
          configuration: .init(
            reconnectDelay: { _ in .milliseconds(1) }, features: .named("unreachedMeter")))
        var events = client.connectionEvents.makeAsyncIterator()
        let first = await events.next()
        guard case .invalidAddress(let text) = first else {
          Issue.record("\(address): expected invalidAddress, got \(String(describing: first))")
          await client.stop()
          continue
        }
        #expect(text.contains(problem), "\(text)")
        #expect(text.contains("ws://HOST:PORT/app?token="))
        // A feature made meanwhile keeps working and is not logged for the client.
        let meter = makeMeter("unreachedMeter")
        meter.accept(.insert(amount: 2))
        #expect(meter.state.coins == 2)
        #expect(client.pendingEvents == 0)
        meter.dispose()
        await client.stop()
        // No connection was tried: no `disconnected` came before the end.
        #expect(await events.next() == nil)
      }
      #expect(InspectorClient.problem(withAddress: "ws://127.0.0.1:7447/app?token=abc") == nil)
    }

    @Test("an app whose inspector is gone keeps working and reconnects")
    func reconnects() async throws {
      let first = InspectorServer()
      let urls = try await first.start()
      // Only its own feature: a client of every feature would keep, while offline, the stages of
      // the features of tests running alongside, and its bounded buffer could drop this one's.
      let client = InspectorClient.start(
        url: urls.app.absoluteString,
        configuration: .init(
          reconnectDelay: { _ in .milliseconds(20) }, features: .named("offline")))
      await waitFor(client, .connected)
      await first.shutdown()
      await waitFor(client, .disconnected)

      let meter = makeMeter("offline")
      meter.accept(.insert(amount: 1))
      #expect(meter.state.coins == 1)

      let second = InspectorServer(
        configuration: .init(port: urls.port, token: first.configuration.token))
      try await second.start()
      let page = TestSocket(url: urls.pageSocket.absoluteString)
      var received = page.received.makeAsyncIterator()
      await waitFor(client, .connected)
      // The events kept while offline arrive after the reconnection.
      let descriptor = await next(&received) { $0.feature?.name == "offline" }
      #expect(descriptor != nil)
      await client.stop()
      meter.dispose()
      await page.close()
      await second.shutdown()
    }

    @Test("a reconnected client announces its live features again, not those disposed before")
    func disposedNotAnnouncedAgain() async throws {
      let first = InspectorServer()
      let urls = try await first.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      let client = InspectorClient.start(
        url: urls.app.absoluteString,
        configuration: .init(
          reconnectDelay: { _ in .milliseconds(20) },
          features: FeatureFilter { $0.name?.hasPrefix("churn") == true }))
      for index in 0..<5 {
        let screen = makeMeter("churn\(index)")
        screen.accept(.insert(amount: 1))
        screen.dispose()
      }
      // Made last, so that it is announced after any feature made before it.
      let live = makeMeter("churn-live")
      var disposed = 0
      while disposed < 5, let envelope = await next(&received, where: { !$0.events.isEmpty }) {
        disposed += envelope.events.filter { $0.stage == "disposed" }.count
      }
      #expect(disposed == 5)
      await page.close()
      await first.shutdown()
      await waitFor(client, .disconnected)

      let second = InspectorServer(
        configuration: .init(port: urls.port, token: first.configuration.token))
      try await second.start()
      let (secondPage, welcomedAgain) = await openPage(urls.pageSocket)
      var receivedAgain = welcomedAgain
      await waitFor(client, .connected)
      var announced: [String] = []
      while let envelope = await next(&receivedAgain, where: { $0.feature != nil }),
        let name = envelope.feature?.name
      {
        announced.append(name)
        if name == "churn-live" { break }
      }
      #expect(announced == ["churn-live"])
      await client.stop()
      live.dispose()
      await secondPage.close()
      await second.shutdown()
    }

    @Test("the buffer is bounded: without an inspector, old stages are dropped and counted")
    func boundedBuffer() async throws {
      let client = try await startOffline(bufferCapacity: 8, features: .named("bounded"))
      let meter = makeMeter("bounded")
      for _ in 0..<50 { meter.accept(.insert(amount: 1)) }
      #expect(meter.state.coins == 50)
      #expect(client.pendingEvents <= 8)
      #expect(client.droppedEvents >= 50 * 4 - 8)
      await client.stop()
      meter.dispose()
    }

    @Test("the client streams only the features its filter selects")
    func filteredFeatures() async throws {
      let client = try await startOffline(features: .named("chosen"))
      let other = makeMeter("not chosen")
      for _ in 0..<10 { other.accept(.insert(amount: 1)) }
      #expect(client.pendingEvents == 0)
      let chosen = makeMeter("chosen")
      chosen.accept(.insert(amount: 1))
      #expect(client.pendingEvents > 0)
      await client.stop()
      other.dispose()
      chosen.dispose()
    }

    @Test(
      "stopping right after starting, twice at once, while a feature sends wishes from another task",
      .timeLimit(.minutes(1)))
    func stopRightAfterStart() async throws {
      let server = InspectorServer()
      let urls = try await server.start()
      for round in 0..<30 {
        let client = InspectorClient.start(
          url: urls.app.absoluteString,
          configuration: .init(
            reconnectDelay: { _ in .milliseconds(1) }, features: .named("stopped\(round)")))
        let meter = makeMeter("stopped\(round)")
        client.inspect(meter)
        let sender = Task.detached {
          for _ in 0..<200 { meter.accept(.insert(amount: 1)) }
        }
        // Every other round lets the client connect first.
        if round.isMultiple(of: 2) { await waitFor(client, .connected) }
        async let first: Void = client.stop()
        async let second: Void = client.stop()
        _ = await (first, second)
        #expect(!client.isConnected)
        // The feature keeps working after its client stopped. (The sender may still hold the
        // feature's processing token as it returns, so the last wish may be queued behind it.)
        await sender.value
        meter.accept(.insert(amount: 1))
        await meter.idle()
        #expect(meter.state.coins == 201)
        meter.dispose()
      }
      await server.shutdown()
    }
  }
#endif  // Inspector
