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
