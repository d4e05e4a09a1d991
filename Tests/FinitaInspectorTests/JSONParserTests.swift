#if Inspector
  import FinitaFixtures
  import Foundation
  import Testing

  @testable import FinitaInspectorProtocol

  /// The inspector reads messages with its own JSON parser and decodes them from the values it
  /// reads; both agree with Foundation's `JSONDecoder`.
  @Suite("Reading JSON messages")
  struct JSONParserTests {
    /// What `JSONDecoder` reads from `text` as a `JSONValue`, or `nil` when it refuses it.
    static func foundation(_ text: String) -> JSONValue? {
      try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    static let valid = [
      #"{"a":1,"b":[true,false,null],"c":{"d":"e"},"f":[],"g":{}}"#,
      #"  [ 0 , -0 , 1.5e3 , -2E-2 , 123456789012 , 0.25 , 1e+2 ]  "#,
      #"["tab\tnew\nline \"quoted\" back\\slash \/ \u00e9 \ud83d\ude00 \u0000 é 😀"]"#,
      "{\r\n  \"windows\": [1,\r\n 2],\r\n  \"line\": \"endings\"\r\n}\r\n",
      #""just a string""#, "42", "true", "null",
      #"{"duplicate":1,"duplicate":2}"#, "[1,]", #"{"trailing":1 , }"#,
    ]

    @Test("valid JSON reads as JSONDecoder reads it, Windows line endings included")
    func agreesWithFoundation() throws {
      for text in Self.valid {
        let parsed = try JSONParser.parse(text)
        #expect(parsed == Self.foundation(text), "\(text)")
      }
    }

    @Test(
      "text that is not JSON is refused with what and where",
      arguments: [
        ("{nope", "expected a key in quotes at line 1, column 2"),
        ("[1,,]", "unexpected ',' where a value was expected at line 1, column 4"),
        ("{,}", "expected a key in quotes at line 1, column 2"),
        (#"{"a" 1}"#, "expected ':' after the key at line 1, column 6"),
        ("01", "text after the JSON value at line 1, column 2"),
        ("1.", "a '.' without digits after it at line 1, column 3"),
        ("-", "a '-' without digits at line 1, column 2"),
        (#""abc"#, "the text ends inside a string at line 1, column 5"),
        ("\"a\u{1}b\"", "a control character inside a string at line 1, column 3"),
        (#""\ud800""#, "a \\u escape of a high surrogate without its low one at line 1, column 8"),
        (#""\udc00""#, "a \\u escape of a lone low surrogate at line 1, column 8"),
        (#""\x""#, "an unknown escape \\'x' at line 1, column 3"),
        ("[1]\r\n x", "text after the JSON value at line 2, column 2"),
        ("[1e400]", "the number 1e400 is too large for a Double at line 1, column 2"),
        ("", "the text ends where a value was expected at line 1, column 1"),
        ("tru", "expected true at line 1, column 1"),
      ])
    func refused(text: String, message: String) {
      #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
      do {
        _ = try JSONParser.parse(text)
      } catch {
        #expect(error.description == message)
      }
      #expect(Self.foundation(text) == nil, "JSONDecoder reads \(text)")
    }

    @Test("nesting is limited to 512 levels, refused beyond without running out of stack")
    func depth() throws {
      let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
      #expect(try JSONParser.parse(deepest) != .null)
      for depth in [513, 100_000] {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
      }
    }

    @Test(
      "bytes removed, doubled or changed in a message: read as JSONDecoder reads it, or refused")
    func mutations() throws {
      let message = try InspectorProtocol.encode(
        InspectorEnvelope(
          .events([
            StageEvent(
              feature: 3, sequence: 9, stage: "state", time: 0.5, text: "insert(amount: 2)",
              value: ["insert": ["amount": 2]],
              state: ["coins": 12, "note": "é \"q\"", "on": true],
              step: 4, action: "insert", effect: nil)
          ])))
      let bytes = Array(message.utf8)
      var random = SeededGenerator(seed: 15)
      let replacements = Array(#"{}[]",:0123456789-+.eEtrufalsn\ "#.utf8)
      for _ in 0..<3_000 {
        var mutated = bytes
        let position = Int(random.next() % UInt64(mutated.count))
        switch random.next() % 3 {
        case 0: mutated.remove(at: position)
        case 1: mutated.insert(mutated[position], at: position)
        default:
          mutated[position] = replacements[Int(random.next() % UInt64(replacements.count))]
        }
        let text = String(decoding: mutated, as: UTF8.self)
        #expect((try? JSONParser.parse(text)) == Self.foundation(text), "\(text)")
        // The message's own decoding never crashes; it reads the message or says why not.
        _ = try? InspectorProtocol.decode(text)
      }
    }

    @Test("a message's fields of the wrong type or size are refused with their path")
    func fieldErrors() throws {
      func failure(_ text: String) throws -> String {
        try #require(throws: InspectorProtocolError.self) { try InspectorProtocol.decode(text) }
          .description
      }
      let events =
        #"{"v":1,"type":"events","events":[{"feature":"x","sequence":1,"stage":"wish","time":0,"text":""}]}"#
      let wrongType = try failure(events)
      #expect(wrongType.contains("at events.[0].feature: expected UInt64"), "\(wrongType)")
      let huge = #"{"v":1,"type":"dropped","count":1,"total":18014398509481985}"#
      #expect(try failure(huge).contains("at total"))
      #expect(try failure("[1,2]").contains("the message is an array, not a JSON object"))
      #expect(try failure(#"{"v":"1","type":"hello"}"#).contains("at v: expected an integer"))
      #expect(try failure("{\"v\":1,\r\n\"type\":}").contains("line 2, column 8"))
    }
  }

  /// Messages are written by the inspector's own writer: the text reads back as the same value,
  /// in Foundation too, and the same value is always the same text.
  @Suite("Writing JSON messages")
  struct JSONWriterTests {
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
        #expect(try JSONParser.parse(text) == value, "\(text)")
        #expect(JSONParserTests.foundation(text) == value, "\(text)")
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
        #expect(JSONParserTests.foundation(text) == JSONParserTests.foundation(foundationText))
        #expect(try InspectorProtocol.decode(text) == envelope)
      }
    }
  }
#endif  // Inspector
