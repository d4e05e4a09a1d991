#if Inspector
  import FinitaFixtures
  import Foundation
  import Testing

  @testable import FinitaInspectorProtocol

  /// Messages are written by the inspector's own writer: the text reads back as the same value,
  /// in Foundation too, and the same value is always the same text.
  @Suite("Writing JSON messages")
  struct JSONWriterTests {
    /// What `JSONDecoder` reads from `text` as a `JSONValue`, or `nil` when it refuses it.
    static func foundation(_ text: String) -> JSONValue? {
      try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// A random value of at most `depth` levels.
    static func randomValue(_ random: inout SeededGenerator, depth: Int = 4) -> JSONValue {
      let strings = [
        "", "a", "é", "😀", "quote \" back\\ slash /", "\u{0}\u{1}\u{1F}\t\n\r", "\r\n",
      ]
      switch random.next() % (depth > 0 ? 7 : 4) {
      case 0: return .null
      case 1: return .bool(random.next() % 2 == 0)
      case 2:
        let choices: [Double] = [
          0, -1, 42, 1.5, -0.001, 1e-300, 123_456_789.125, 9.0e15, 2e20, .pi,
          Double(Int64(random.next() % 1_000_000)) - 500_000,
        ]
        return .number(choices[Int(random.next() % UInt64(choices.count))])
      case 3: return .string(strings[Int(random.next() % UInt64(strings.count))])
      case 4, 5:
        return .array((0..<random.next() % 4).map { _ in randomValue(&random, depth: depth - 1) })
      default:
        var fields: [String: JSONValue] = [:]
        for index in 0..<random.next() % 4 {
          fields["k\(index)\(strings[Int(random.next() % UInt64(strings.count))])"] =
            randomValue(&random, depth: depth - 1)
        }
        return .object(fields)
      }
    }

    @Test("written values read back the same, by the parser and by JSONDecoder")
    func roundTrip() throws {
      var random = SeededGenerator(seed: 16)
      for _ in 0..<2_000 {
        let value = Self.randomValue(&random)
        let text = JSONWriter.write(value)
        #expect(try JSONValue(reading: text) == value, "\(text)")
        #expect(Self.foundation(text) == value, "\(text)")
      }
    }

    @Test("keys in byte order, integers without fractions, only the escapes JSON needs")
    func text() {
      let value: JSONValue = [
        "b": 1, "a": [1.5, 2, -0.0, 1e21], "é": "/ \"\\\u{7}", "B": nil,
        "c": ["y": true, "x": false],
      ]
      #expect(
        JSONWriter.write(value)
          == #"{"B":null,"a":[1.5,2,0,1e+21],"b":1,"c":{"x":false,"y":true},"é":"/ \"\\\u0007"}"#)
    }

    @Test("a message encodes as JSONEncoder encoded it, read back")
    func messages() throws {
      let envelopes = [
        InspectorEnvelope(.hello(AppHello(name: "app", platform: "linux", processID: 7))),
        InspectorEnvelope(
          .events([
            StageEvent(
              feature: 3, sequence: 9, stage: "state", time: 0.5, text: "insert(amount: 2)",
              value: ["insert": ["amount": 2]], state: ["coins": 12, "note": "é \"q\""], step: 4,
              action: "insert", effect: nil)
          ]), app: "a1"),
        InspectorEnvelope(.dropped(DroppedEvents(count: 2, total: 5))),
      ]
      for envelope in envelopes {
        let text = try InspectorProtocol.encode(envelope)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundationText = String(decoding: try encoder.encode(envelope), as: UTF8.self)
        #expect(Self.foundation(text) == Self.foundation(foundationText))
        #expect(try InspectorProtocol.decode(text) == envelope)
      }
    }
  }
#endif  // Inspector
