import FinitaFixtures
import FinitaInspectorProtocol
import Foundation
import Testing

import struct FinitaJSON.JSONSyntaxError

/// The inspector reads its messages with FinitaJSON's reader, straight into its `JSONValue`, and
/// decodes them from the values it reads; both agree with Foundation's `JSONDecoder`.
@Suite("Reading JSON messages")
struct MessageReadingTests {
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
      let parsed = try JSONValue(reading: text)
      #expect(parsed == Self.foundation(text), "\(text)")
    }
  }

  @Test(
    "text that is not JSON is refused with what and where",
    arguments: [
      (
        "{nope", "expected a key in double quotes but found 'n' at line 1, column 2 (byte offset 1)"
      ),
      ("[1,,]", "expected a value but found ',' at line 1, column 4 (byte offset 3)"),
      ("{,}", "expected a key in double quotes but found ',' at line 1, column 2 (byte offset 1)"),
      (
        #"{"a" 1}"#,
        #"expected ':' after the key "a" but found '1' at line 1, column 6 (byte offset 5)"#
      ),
      (
        "01",
        """
        a number starts with 0 followed by digits, which JSON does not allow at line 1, \
        column 1 (byte offset 0)
        """
      ),
      (
        "1.",
        """
        expected a digit after the decimal point but found the end of the data at line 1, \
        column 3 (byte offset 2)
        """
      ),
      (
        "-",
        "expected a digit after '-' but found the end of the data at line 1, column 2 (byte offset 1)"
      ),
      (#""abc"#, "the data ends inside a string at line 1, column 5 (byte offset 4)"),
      (
        "\"a\u{1}b\"",
        #"a string holds the control character 0x01; write it as \u0001 at line 1, column 3 (byte offset 2)"#
      ),
      (
        #""\ud800""#,
        #"the escape \uD800 is half of a UTF-16 pair without its second half at line 1, column 2 (byte offset 1)"#
      ),
      (
        #""\udc00""#,
        #"the escape \uDC00 is the second half of a UTF-16 pair alone at line 1, column 2 (byte offset 1)"#
      ),
      (#""\x""#, #"\x is not a JSON escape at line 1, column 3 (byte offset 2)"#),
      ("[1]\r\n x", "'x' follows the end of the JSON value at line 2, column 2 (byte offset 6)"),
      ("[1e400]", "the number 1e400 is too large for a Double at line 1, column 2 (byte offset 1)"),
      ("", "the data is empty at line 1, column 1 (byte offset 0)"),
      ("tru", "expected a value (such as true) but found 't' at line 1, column 1 (byte offset 0)"),
    ])
  func refused(text: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONValue(reading: text) }
    do {
      _ = try JSONValue(reading: text)
    } catch {
      #expect(error.description == message)
    }
    #expect(Self.foundation(text) == nil, "JSONDecoder reads \(text)")
  }

  @Test("nesting is limited to 512 levels, refused beyond without running out of stack")
  func depth() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONValue(reading: deepest) != .null)
    for depth in [513, 100_000] {
      let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(reading: text) }
      #expect(error?.reason == "arrays and objects nest deeper than 512 levels")
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
      #expect((try? JSONValue(reading: text)) == Self.foundation(text), "\(text)")
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
