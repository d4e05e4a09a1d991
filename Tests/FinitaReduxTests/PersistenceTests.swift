import FinitaRedux
import Foundation
import Testing

@Suite("Persistence")
struct PersistenceTests {
  let persistence = StatePersistence<Log>(version: 2) { state in state.isLoading = false }

  @Test("save and restore round-trip the state, reset transient fields and start a new history")
  func roundTrip() throws {
    let store = makeLogStore(history: HistoryOptions())
    store.dispatch(.add("saved"))
    store.dispatch(.increment)
    store.dispatch(.setLoading(true))
    let data = try store.save(with: persistence)

    let restored = makeLogStore(history: HistoryOptions())
    restored.dispatch(.add("overwritten"))
    try restored.restore(from: data, with: persistence)
    #expect(restored.state == Log(entries: ["saved"], count: 1, isLoading: false))
    #expect(restored.history.states.count == 1)
  }

  @Test("corrupt data throws corruptData with a readable reason and leaves the store as it was")
  func corrupt() {
    let store = makeLogStore()
    let error = #expect(throws: PersistenceError.corruptData) {
      try store.restore(from: Data("{\"version\": 2, \"state\": {".utf8), with: persistence)
    }
    #expect(error?.description.contains("not a JSON object") == true)
    #expect(error?.description.contains("discard") == true)
    #expect(store.state == Log())
  }

  @Test("JSON that is not a saved state says which key is missing and how to save")
  func notAnEnvelope() throws {
    let raw = try JSONEncoder().encode(Log())
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(raw)
    }
    #expect(error?.description.contains("\"version\" is missing") == true)
  }

  @Test("a state of the wrong shape says where it fails")
  func wrongShape() {
    let data = Data(
      #"{"version": 2, "state": {"entries": ["a", 3], "count": 0, "isLoading": false, "title": ""}}"#
        .utf8)
    let error = #expect(throws: PersistenceError.incompatibleState) {
      try persistence.decode(data)
    }
    #expect(error?.description.contains("entries[1]") == true)
    #expect(error?.description.contains("raise the version") == true)
  }

  @Test("each error names the key of the wrong value, from the top of the saved data")
  func keys() {
    func key(_ text: String, with persistence: StatePersistence<Log>) -> String? {
      let error = #expect(throws: PersistenceError.self) {
        try persistence.decode(Data(text.utf8))
      }
      return error?.key
    }
    let migrating = StatePersistence<Log>(
      version: 2,
      migrate: { _, json in
        struct Version1: Decodable { let lines: [String] }
        return Log(entries: try JSONDecoder().decode(Version1.self, from: json).lines)
      })
    #expect(key("[1]", with: persistence) == nil)
    #expect(key(#"{"state": {}}"#, with: persistence) == "version")
    #expect(key(#"{"version": 1, "state": {}}"#, with: persistence) == "version")
    #expect(
      key(#"{"version": 2, "state": {"entries": [3]}}"#, with: persistence) == "state.entries[0]")
    #expect(key(#"{"version": 2}"#, with: persistence) == "state")
    #expect(key(#"{"version": 1, "state": {"lines": [1]}}"#, with: migrating) == "state.lines[0]")
  }

  @Test("an old version without a migration throws unsupportedVersion; the store keeps its state")
  func oldVersion() {
    let store = makeLogStore()
    store.dispatch(.increment)
    let old = Data(#"{"version": 1, "state": {"lines": ["old"]}}"#.utf8)
    let error = #expect(throws: PersistenceError.unsupportedVersion) {
      try store.restore(from: old, with: persistence)
    }
    #expect(error?.description.contains("saved with version 1") == true)
    #expect(error?.description.contains("migrate") == true)
    #expect(store.state.count == 1)
  }

  @Test("a migration reads an old version, and transient fields are still reset")
  func migration() throws {
    struct Version1: Decodable {
      let lines: [String]
      let busy: Bool
    }
    let migrating = StatePersistence<Log>(
      version: 2,
      resetTransient: { $0.isLoading = false },
      migrate: { version, json in
        let old = try JSONDecoder().decode(Version1.self, from: json)
        return Log(entries: old.lines, count: old.lines.count, isLoading: old.busy)
      }
    )
    let old = Data(#"{"version": 1, "state": {"lines": ["a", "b"], "busy": true}}"#.utf8)
    #expect(try migrating.decode(old) == Log(entries: ["a", "b"], count: 2, isLoading: false))
  }
}

/// Saved data that is wrong in one place: each error has the right kind, says what and where, and
/// reads as sentences.
@Suite("Persistence errors")
struct PersistenceErrorTests {
  let persistence = StatePersistence<Log>(version: 2)

  /// A saved `Log` whose `count` is written as `count`, verbatim.
  func saved(count: String, version: String = "2") -> Data {
    Data(
      #"{"version": \#(version), "state": {"entries": ["a"], "count": \#(count), "isLoading": false, "title": "t"}}"#
        .utf8)
  }

  @Test("invalid UTF-8 inside a string is corrupt data, with where it is")
  func invalidUTF8() {
    var data = Data(
      #"{"version": 2, "state": {"entries": [], "count": 1, "isLoading": false, "#.utf8)
    data.append(contentsOf: Array(#""title": "a"#.utf8) + [0xFF] + Array(#"b"}}"#.utf8))
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(data)
    }
    #expect(error?.description.contains("UTF-8") == true)
    #expect(error?.description.contains("0xFF") == true)
    #expect(error?.description.contains("line 1, column 84 (byte offset 83)") == true)
    #expect(error?.description.contains("discard") == true)
  }

  @Test(
    "a syntax error says at which line and column",
    arguments: [
      ("{\"version\": 2,\n  \"state\": {\"count\": 01}}", "line 2, column 22"),
      ("{\"version\": 2, \"state\": {},}", "trailing commas"),
      ("", "empty"),
      ("{\"version\": 2, \"state\": \"\\ud800\"}", "UTF-16 pair"),
    ])
  func syntax(text: String, expected: String) {
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(Data(text.utf8))
    }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
  }

  @Test("arrays nested without end are corrupt data, not a crash")
  func deepNesting() {
    let text = #"{"version": 2, "state": "# + String(repeating: "[", count: 100_000)
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(Data(text.utf8))
    }
    #expect(error?.description.contains("deeper than 512") == true)
  }

  @Test(
    "a version that is not an integer says what it is",
    arguments: [
      (#""3""#, #"the string "3""#), ("3.5", "the number 3.5"), ("true", "the boolean true"),
      ("[2]", "an array"), (#"{"n": 2}"#, "an object"), ("1e400", "the number 1e400"),
    ])
  func versionNotAnInteger(version: String, shown: String) {
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(saved(count: "1", version: version))
    }
    let description = error?.description ?? ""
    #expect(description.contains("the version is \(shown)"), "\(description)")
    #expect(description.contains("integer"))
    #expect(!description.contains("not a JSON object"))
  }

  @Test("an integral version with a fraction or exponent is read, as Foundation reads it")
  func integralVersion() throws {
    #expect(try persistence.decode(saved(count: "1", version: "2.0")).count == 1)
    #expect(try persistence.decode(saved(count: "1", version: "0.2e1")).count == 1)
  }

  @Test("a null version says it is null, not missing")
  func nullVersion() {
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(saved(count: "1", version: "null"))
    }
    #expect(error?.description.contains("the version is null") == true)
    #expect(error?.description.contains("missing") == false)
  }

  @Test("JSON whose top level is not an object says so")
  func notAnObject() {
    let error = #expect(throws: PersistenceError.corruptData) {
      try persistence.decode(Data("[1, 2]".utf8))
    }
    #expect(error?.description.contains("not a JSON object: its top level is an array") == true)
  }

  @Test(
    "a number that does not fit its field names the field",
    arguments: [
      ("1e400", "at state.count, 1e400 does not fit in Int"),
      ("7.5", "at state.count, 7.5 does not fit in Int"),
      ("9223372036854775808", "at state.count, 9223372036854775808 does not fit in Int"),
    ])
  func numberDoesNotFit(count: String, expected: String) {
    let error = #expect(throws: PersistenceError.incompatibleState) {
      try persistence.decode(saved(count: count))
    }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("raise the version") == true)
  }

  @Test("an integral number with a fraction or exponent fits an integer field, as in Foundation")
  func integralCount() throws {
    #expect(try persistence.decode(saved(count: "1e2")).count == 100)
    #expect(try persistence.decode(saved(count: "3.0")).count == 3)
  }

  /// A state with every kind of value Foundation's decoder treats specially, before a bad number.
  struct Record: Codable, Equatable, Sendable {
    struct Item: Codable, Equatable, Sendable {
      var name: String
      var weight: Double
      var note: String?
    }
    var data: Data
    var date: Date
    var link: URL
    var amount: Decimal
    var tags: [String: Int]
    var items: [Item]
    var grid: [[Int8]]
    var level: Float
  }

  let record = Record(
    data: Data([1, 2, 250]), date: Date(timeIntervalSinceReferenceDate: 12.5),
    link: URL(string: "https://example.com/a?b=c")!, amount: Decimal(string: "12.34")!,
    tags: ["a.b": 1, "c": 2], items: [.init(name: "x", weight: 1.5, note: nil)],
    grid: [[1, 2], [3]], level: 0.5)

  /// The saved form of `record`, with one literal replaced.
  func savedRecord(replacing old: String, with new: String) throws -> Data {
    let data = try StatePersistence<Record>(version: 1).encode(record)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(old), "the fixture must contain \(old): \(text)")
    return Data(text.replacingOccurrences(of: old, with: new).utf8)
  }

  @Test(
    "a number that does not fit is located past Data, Date, URL and Decimal values",
    arguments: [
      ("[3]", "[300]", "at state.grid[1][0], 300 does not fit in Int8"),
      (
        "\"weight\":1.5", "\"weight\":1e400",
        "at state.items[0].weight, 1e400 does not fit in Double"
      ),
      ("\"weight\":1.5", "\"weight\":-1e-400", "at state.items[0].weight, -1e-400 does not fit"),
      ("\"level\":0.5", "\"level\":1e39", "at state.level, 1e39 does not fit in Float"),
      ("\"c\":2", "\"c\":2.5", #"at state.tags.c, 2.5 does not fit in Int"#),
      ("\"a.b\":1", "\"a.b\":1.5", #"at state.tags["a.b"], 1.5 does not fit in Int"#),
    ])
  func locatedInNestedValues(old: String, new: String, expected: String) throws {
    let persistence = StatePersistence<Record>(version: 1)
    #expect(try persistence.decode(persistence.encode(record)) == record)
    let data = try savedRecord(replacing: old, with: new)
    let error = #expect(throws: PersistenceError.incompatibleState) {
      try persistence.decode(data)
    }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
  }

  @Test(
    "no message has a doubled full stop",
    arguments: [
      "7.5", "1e400", "\"seven\"", "null", "[1]",
    ])
  func noDoubledFullStop(count: String) {
    let inputs = [
      saved(count: count), saved(count: "1", version: count), Data(#"{"version": 2,"#.utf8),
      Data(#"{"version": 1, "state": {}}"#.utf8), Data("3".utf8),
    ]
    let migrating = StatePersistence<Log>(
      version: 2,
      migrate: { _, _ in
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Bad data."))
      })
    for data in inputs {
      for persistence in [persistence, migrating] {
        do {
          _ = try persistence.decode(data)
        } catch {
          // An ellipsis ("state": ...) is not a doubled full stop.
          let text = error.description.replacingOccurrences(of: "...", with: "…")
          #expect(!text.contains(".."), "\(error.description)")
          #expect(error.description.hasSuffix("."), "\(error.description)")
        }
      }
    }
  }

  @Test("a migration receives the saved state's exact JSON, numbers as written")
  func migrationReceivesExactState() throws {
    let migrating = StatePersistence<Log>(
      version: 2,
      migrate: { _, json in
        Log(entries: [String(decoding: json, as: UTF8.self)])
      })
    let data = Data(#"{"version": 1, "state": {"big": 1e400, "s": "é"}}"#.utf8)
    #expect(try migrating.decode(data).entries == [#"{"big": 1e400, "s": "é"}"#])
    // A slice of larger data does not start at index 0.
    let slice = (Data("[]".utf8) + data).dropFirst(2)
    #expect(try migrating.decode(slice).entries == [#"{"big": 1e400, "s": "é"}"#])
  }
}
