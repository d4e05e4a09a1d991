import FinitaJSON
import Foundation
import Testing

/// The reader as saved Redux state uses it: strict RFC 8259 over UTF-8 bytes, into a tree that
/// keeps numbers as written, the order of keys and where each member lies.
@Suite("The JSON reader")
struct JSONReaderTests {
  func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader.read(Data(text.utf8))
  }

  func reason(_ data: Data) -> String {
    do {
      _ = try JSONReader.read(data)
      return "read"
    } catch {
      return error.description
    }
  }

  @Test("numbers keep their literal text, however large")
  func numbersAsWritten() throws {
    guard case .array(let elements) = try read("[1e400, -0.0, 18014398509481985, 2.50]") else {
      Issue.record("not an array")
      return
    }
    #expect(
      elements.map(\.summary) == [
        "the number 1e400", "the number -0.0", "the number 18014398509481985", "the number 2.50",
      ])
  }

  @Test("objects keep their keys in order, the first of two equal keys, and where values lie")
  func objectMembers() throws {
    let text = #"{"b": [1, 2], "a": "x", "b": 3}"#
    guard case .object(let object) = try read(text) else {
      Issue.record("not an object")
      return
    }
    #expect(object.keys == ["b", "a"])
    #expect(object.members["b"]?.summary == "an array")
    let bytes = Array(text.utf8)
    let range = try #require(object.ranges["b"])
    #expect(String(decoding: bytes[range], as: UTF8.self) == "[1, 2]")
  }

  @Test("a byte order mark is skipped: columns start after it, byte offsets at the data's start")
  func byteOrderMark() throws {
    let data = Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": tru}"#.utf8))
    #expect(
      reason(data)
        == "expected a value (such as true) but found 't' at line 1, column 7 (byte offset 9)")
    #expect(try JSONReader.read(Data([0xEF, 0xBB, 0xBF] + Array("[]".utf8))).summary == "an array")
  }

  @Test(
    "a trailing comma is refused unless asked for, as JSONDecoder lets one through",
    arguments: [("[1,]", "']'"), (#"{"a": 1,}"#, "'}'")])
  func trailingComma(text: String, close: String) throws {
    #expect(reason(Data(text.utf8)).contains("',' is followed by \(close) (no trailing commas"))
    let lenient = try JSONReader.read(
      Data(text.utf8), as: JSONValue.self, allowsTrailingComma: true)
    #expect(lenient.summary != "null")
    #expect(throws: JSONSyntaxError.self) {
      try JSONReader.read(
        Data(text.replacingOccurrences(of: ",", with: ",,").utf8), as: JSONValue.self,
        allowsTrailingComma: true)
    }
  }

  @Test(
    "bytes that are not UTF-8 inside a string are refused where they are, columns in characters",
    arguments: [
      ([0xFF], "the byte 0xFF, which is not valid UTF-8 at line 1, column 8 (byte offset 8)"),
      ([0xC3], "invalid UTF-8 sequence starting with the byte 0xC3 at line 1, column 8"),
      ([0xED, 0xA0, 0x80], "starting with the byte 0xED at line 1, column 8 (byte offset 8)"),
    ] as [([UInt8], String)])
  func invalidUTF8(bytes: [UInt8], expected: String) {
    // "é" is two bytes and one column.
    let data = Data(Array(#"["é", ""#.utf8) + bytes + Array(#""]"#.utf8))
    #expect(reason(data).contains(expected), "\(reason(data))")
  }

  @Test("the same text reads the same from a String as from its bytes")
  func stringAndData() throws {
    let text = "{\"a\":\n [1, \"\\u00e9\"]}"
    let fromText = try JSONReader.read(text, as: JSONValue.self)
    let fromData = try read(text)
    guard case .object(let first) = fromText, case .object(let second) = fromData else {
      Issue.record("not objects")
      return
    }
    #expect(first.keys == second.keys)
    #expect(first.ranges == second.ranges)
    #expect(reason(Data("{\"a\":\n x}".utf8)).hasSuffix("at line 2, column 2 (byte offset 7)"))
  }
}
