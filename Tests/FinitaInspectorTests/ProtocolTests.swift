#if Inspector
  import FinitaInspectorProtocol
  import Testing

  @Suite("The inspector's protocol")
  struct ProtocolTests {
    @Test("every kind of message reads back as it was written")
    func roundTrip() throws {
      let messages: [InspectorEnvelope] = [
        InspectorEnvelope(.hello(AppHello(name: "Shop", platform: "iOS", processID: 42))),
        InspectorEnvelope(.welcome(Welcome(protocolVersion: 1, dotAvailable: true)), app: "a1"),
        InspectorEnvelope(
          .feature(
            FeatureDescriptor(
              id: 7, name: "meter", typeName: "App.Meter", displayName: "meter", canTravel: true,
              acceptsWishes: true, wishExample: ["insert": ["amount": 3]]))),
        InspectorEnvelope(
          .events([
            StageEvent(
              feature: 7, sequence: 0, stage: "wish", time: 0.5, text: "insert(amount: 3)",
              value: ["insert": ["amount": 3]]),
            StageEvent(
              feature: 7, sequence: 1, stage: "state", time: 0.75, text: "idle -> paid",
              state: "paid"),
          ])),
        InspectorEnvelope(.diagram(DiagramUpdate(feature: 7, dot: "digraph {}", mermaid: "x"))),
        InspectorEnvelope(.dropped(DroppedEvents(count: 3, total: 10))),
        InspectorEnvelope(
          .command(InspectorCommand(requestID: 1, feature: 7, kind: .travel, state: "paid")),
          app: "a2"),
        InspectorEnvelope(.reply(CommandReply(requestID: 1, feature: 7, ok: false, message: "no"))),
        InspectorEnvelope(.appGone, app: "a2"),
        InspectorEnvelope(.error(ErrorFrame(code: "malformed", message: "bad"))),
      ]
      for message in messages {
        let text = try InspectorProtocol.encode(message)
        #expect(try InspectorProtocol.decode(text) == message)
      }
    }

    @Test("a command is written as the article documents it")
    func wireForm() throws {
      let command = InspectorEnvelope(
        .command(
          InspectorCommand(
            requestID: 3, feature: 2, kind: .sendWish, wish: ["insert": ["amount": 2]])
        ),
        app: "a1")
      #expect(
        try InspectorProtocol.encode(command)
          == #"{"app":"a1","feature":2,"kind":"sendWish","requestID":3,"type":"command","v":1,"#
          + #""wish":{"insert":{"amount":2}}}"#)
    }

    @Test("a hello says when the app's clock started; a hello without it still reads")
    func helloStart() throws {
      let hello = InspectorEnvelope(
        .hello(AppHello(name: "Shop", platform: "iOS", processID: 42, startedAt: 1_800_000_000.5)))
      let text = try InspectorProtocol.encode(hello)
      #expect(text.contains(#""startedAt":1800000000.5"#))
      #expect(try InspectorProtocol.decode(text) == hello)
      // An app from before the field (or a recording) leaves it out.
      let old = try InspectorProtocol.decode(
        #"{"v":1,"type":"hello","name":"Shop","platform":"iOS","processID":42}"#)
      guard case .hello(let read) = old.message else {
        Issue.record("not a hello: \(old)")
        return
      }
      #expect(read.startedAt == nil)
    }

    @Test("another version is refused before its fields are read")
    func unknownVersion() {
      #expect(throws: InspectorProtocolError.unsupportedVersion(2)) {
        try InspectorProtocol.decode(#"{"v":2,"type":"whatever","x":[1,2]}"#)
      }
    }

    @Test("text that is not JSON, or lacks fields, is malformed, with where")
    func malformed() throws {
      for text in ["{nope", #"{"type":"hello"}"#, #"{"v":1,"type":"hello","name":"x"}"#] {
        let error = try #require(throws: InspectorProtocolError.self) {
          try InspectorProtocol.decode(text)
        }
        #expect(error.code == "malformed")
      }
      let error = try #require(throws: InspectorProtocolError.self) {
        try InspectorProtocol.decode(#"{"v":1,"type":"teleport"}"#)
      }
      #expect(error.description.contains("unknown message type \"teleport\""))
      let missing = try #require(throws: InspectorProtocolError.self) {
        try InspectorProtocol.decode(#"{"v":1,"type":"dropped","count":1}"#)
      }
      #expect(missing.description.contains("\"total\" is missing"))
    }

    @Test("a message over 1 MiB is refused without being parsed")
    func tooLarge() {
      let text = String(repeating: "x", count: InspectorProtocol.maximumMessageSize + 1)
      #expect(throws: InspectorProtocolError.tooLarge(InspectorProtocol.maximumMessageSize + 1)) {
        try InspectorProtocol.decode(text)
      }
    }

    @Test("JSON values keep integers as integers")
    func integers() throws {
      let value: JSONValue = ["a": 1, "b": 1.5, "c": [true, nil, "s"]]
      let envelope = InspectorEnvelope(
        .command(InspectorCommand(requestID: 1, feature: 1, kind: .sendWish, wish: value)))
      let text = try InspectorProtocol.encode(envelope)
      #expect(text.contains(#""wish":{"a":1,"b":1.5,"c":[true,null,"s"]}"#))
    }
  }
#endif  // Inspector
