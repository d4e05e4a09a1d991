#if Inspector
  import FinitaInspectorProtocol
  import Foundation
  import Testing

  @testable import FinitaInspectorClient
  @testable import FinitaInspectorProtocol

  /// The client's encoder gives the JSON `JSONEncoder` writes, read back as a `JSONValue`.
  @Suite("Encoding values straight into JSON values")
  struct JSONValueEncoderTests {
    enum Mode: String, Codable { case idle, busy }

    enum Wish: Codable {
      case insert(amount: Int)
      case pick(Mode, note: String?)
      case reset
    }

    struct Nested: Codable {
      var name = "a \"quoted\" name, with ünïcode"
      var values: [Double] = [0.5, -2, 1e-7, 12_345_678.25]
      var small: Float = 0.1
      var flags: [Bool] = [true, false]
      var missing: Int? = nil
      var present: Int? = 3
      var matrix: [[Int8]] = [[1, 2], [], [-128]]
    }

    struct Everything: Encodable {
      var int = Int.min
      var unsigned = UInt64.max
      var wide = Int64(1) << 60
      var narrow: (UInt8, Int16, UInt16, Int32, UInt32) { (255, -300, 600, -70_000, 4_000_000_000) }
      var byText: [String: Int] = ["one": 1, "two": 2]
      var byNumber: [Int: String] = [1: "one", 20: "twenty"]
      var byMode: [Mode: Int] = [.idle: 0]
      var data = Data([0, 1, 2, 250, 255])
      var url = URL(string: "https://example.com/a%20b?c=d")!
      var date = Date(timeIntervalSinceReferenceDate: 123_456.5)
      var decimal = Decimal(string: "12.375")!
      var wishes: [Wish] = [
        .insert(amount: 3), .pick(.busy, note: nil), .pick(.idle, note: "x"), .reset,
      ]
      var nested = Nested()
      var set: Set<String> = ["only"]

      enum CodingKeys: String, CodingKey {
        case int, unsigned, wide, byText, byNumber, byMode, data, url, date, decimal, wishes, nested
        case set, narrow
      }

      init() {}

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(int, forKey: .int)
        try container.encode(unsigned, forKey: .unsigned)
        try container.encode(wide, forKey: .wide)
        var narrowContainer = container.nestedUnkeyedContainer(forKey: .narrow)
        try narrowContainer.encode(narrow.0)
        try narrowContainer.encode(narrow.1)
        try narrowContainer.encode(narrow.2)
        try narrowContainer.encode(narrow.3)
        try narrowContainer.encode(narrow.4)
        try container.encode(byText, forKey: .byText)
        try container.encode(byNumber, forKey: .byNumber)
        try container.encode(byMode, forKey: .byMode)
        try container.encode(data, forKey: .data)
        try container.encode(url, forKey: .url)
        try container.encode(date, forKey: .date)
        try container.encode(decimal, forKey: .decimal)
        try container.encode(wishes, forKey: .wishes)
        try container.encode(nested, forKey: .nested)
        try container.encode(set, forKey: .set)
      }
    }

    /// A class that encodes its superclass's fields through `superEncoder()`.
    class Base: Encodable {
      var base = 1
    }

    final class Derived: Base {
      var derived = "d"
      enum CodingKeys: CodingKey { case derived }
      override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(derived, forKey: .derived)
        try super.encode(to: container.superEncoder())
        var list = container.superEncoder(forKey: .derived).unkeyedContainer()
        try list.encode(7)
        try super.encode(to: list.superEncoder())
      }
    }

    /// A value that encodes nothing.
    struct Silent: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }

    /// The value as `JSONEncoder` writes it, read back as a `JSONValue`.
    static func throughText(_ value: some Encodable) throws -> JSONValue {
      try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test("nested values, keyed, unkeyed and single containers, and every number type")
    func sameAsJSONEncoder() throws {
      let encoder = JSONValueEncoder()
      #expect(try encoder.encode(Everything()) == (try Self.throughText(Everything())))
      #expect(try encoder.encode(Derived()) == (try Self.throughText(Derived())))
      // Encoding nothing: an empty object inside a value, an error at the top, as there.
      #expect(try encoder.encode([Silent()]) == (try Self.throughText([Silent()])))
      #expect(throws: EncodingError.self) { try Self.throughText(Silent()) }
      #expect(throws: EncodingError.self) { try encoder.encode(Silent()) }
      #expect(
        try encoder.encode(Wish.pick(.busy, note: "n"))
          == (try Self.throughText(Wish.pick(.busy, note: "n"))))
      // Single values at the top, as a state or a wish can be.
      #expect(try encoder.encode(42) == 42)
      #expect(try encoder.encode("text") == "text")
      #expect(try encoder.encode(Mode.busy) == (try Self.throughText(Mode.busy)))
      #expect(try encoder.encode(Int?.none) == .null)
      #expect(try encoder.encode(Float(0.1)) == (try Self.throughText(Float(0.1))))
      #expect(try encoder.encode(Data([1, 2])) == (try Self.throughText(Data([1, 2]))))
    }

    @Test("a number JSON cannot hold throws, as JSONEncoder does, with where it was")
    func notFinite() throws {
      struct Reading: Encodable { var values: [Double] }
      #expect(throws: EncodingError.self) { try JSONEncoder().encode(Reading(values: [1, .nan])) }
      do {
        _ = try JSONValueEncoder().encode(Reading(values: [1, .nan]))
        Issue.record("NaN was encoded")
      } catch EncodingError.invalidValue(_, let context) {
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
      }
      #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Float.infinity) }
      #expect(ValueEncoding.json(Double.infinity) == nil)
      #expect(ValueEncoding.json(Mode.idle) == (try Self.throughText(Mode.idle)))
    }
  }
#endif  // Inspector
