#if Inspector
  import Finita
  import FinitaExamples
  import FinitaInspectorProtocol
  import Testing

  @testable import FinitaInspectorClient

  private enum Move: Codable, Sendable {
    case to(x: Int, Double)
    case tag(String?)
  }

  private enum Light: String, Codable, Sendable, CaseIterable {
    case red, green
  }

  private enum Switch: Codable, Sendable, CaseIterable {
    case on, off
  }

  @Suite("The wish form's cases")
  struct WishFormTests {
    private let meterCases: [ParkingEvent] = [.enterPlate("B-42"), .insert(amount: 3), .leave]

    @Test("a sample of each case gives the case's name, and its values with their types")
    func casesFromSamples() {
      let cases = WishCases.of(meterCases + [.insert(amount: 9)])
      #expect(
        cases == [
          WishCase(
            name: "enterPlate", fields: [WishField(key: "_0", type: "String", example: "B-42")],
            example: ["enterPlate": ["_0": "B-42"]]),
          WishCase(
            name: "insert", fields: [WishField(key: "amount", type: "Int", example: 3)],
            example: ["insert": ["amount": 3]]),
          WishCase(name: "leave", fields: [], example: ["leave": [:]]),
        ])
      #expect(
        cases.map(WishCases.signature) == ["enterPlate(String)", "insert(amount: Int)", "leave"])
    }

    @Test("several values keep their order and labels; a nil optional is a null field")
    func severalValues() {
      let cases = WishCases.of([Move.to(x: 1, 2.5), .tag(nil)])
      #expect(
        cases[0].fields == [
          WishField(key: "x", type: "Int", example: 1),
          WishField(key: "_1", type: "Double", example: 2.5),
        ])
      #expect(cases[1].fields == [WishField(key: "_0", type: "Optional<String>", example: .null)])
      #expect(cases.map(WishCases.signature) == ["to(x: Int, Double)", "tag(Optional<String>)"])
    }

    @Test("a CaseIterable wish needs no samples, with or without raw values")
    func caseIterable() {
      #expect(WishCases.of(WishCases.allCases(of: Light.self)).map(\.example) == ["red", "green"])
      #expect(
        WishCases.of(WishCases.allCases(of: Switch.self)).map(\.example)
          == [["on": [:]], ["off": [:]]])
      #expect(WishCases.allCases(of: ParkingEvent.self).isEmpty)
    }

    /// What the app answers to `wish`, for a meter handed over with `cases`.
    private func answer(to wish: JSONValue, cases: [ParkingEvent]) async -> CommandReply {
      let meter = Feature(initialState: ParkingState.idle, definition: ParkingMeter(fee: 3))
      defer { meter.dispose() }
      let attachment = InspectorAttachment.make(
        meter, wishExample: .insert(amount: 3), wishCases: cases,
        decodeState: { try JSONDecoding.decode(ParkingState.self, from: $0) },
        decodeWish: { try JSONDecoding.decode(ParkingEvent.self, from: $0) },
        diagram: nil,
        history: InspectorHistory(recordJump: { _, _, _ in }, skipContext: { _ in nil }))
      return await attachment.execute(
        InspectorCommand(requestID: 1, feature: 1, kind: .sendWish, wish: wish))
    }

    @Test("a wish of no case is answered with its name and the cases there are")
    func unknownCase() async {
      let reply = await answer(to: ["fly": [:]], cases: meterCases)
      #expect(!reply.ok)
      #expect(reply.message.contains("`fly` is not a case of ParkingMeter.Wish"))
      #expect(
        reply.message.contains("its cases are enterPlate(String), insert(amount: Int), leave."))
      #expect(!reply.message.contains("Invalid number of keys"))
    }

    @Test("without samples the unknown case is still named, with how to have the cases listed")
    func unknownCaseWithoutSamples() async {
      let reply = await answer(to: ["fly": [:]], cases: [])
      #expect(!reply.ok)
      #expect(reply.message.contains("`fly` is not a case of ParkingMeter.Wish"))
      #expect(reply.message.contains("wishCases"))
    }

    @Test("a known case with a wrong value says where, and what the case takes")
    func wrongValue() async {
      let reply = await answer(to: ["insert": ["amount": "three"]], cases: meterCases)
      #expect(!reply.ok)
      #expect(reply.message.contains("insert.amount"))
      #expect(reply.message.contains("The case is insert(amount: Int)."))
    }

    @Test("the cases travel in the feature's descriptor; an older app's descriptor has none")
    func descriptor() throws {
      let cases = WishCases.of(meterCases)
      let envelope = InspectorEnvelope(
        .feature(
          FeatureDescriptor(
            id: 7, name: "meter", typeName: "ParkingMeter", displayName: "meter",
            acceptsWishes: true, wishCases: cases)))
      let read = try InspectorProtocol.decode(try InspectorProtocol.encode(envelope))
      #expect(read.feature?.wishCases == cases)
      let older = try InspectorProtocol.decode(
        #"{"v":1,"type":"feature","id":7,"typeName":"T","displayName":"t","canTravel":false,"#
          + #""acceptsWishes":true}"#)
      #expect(older.feature?.wishCases == nil)
    }
  }
#endif  // Inspector
