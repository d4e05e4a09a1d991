#if SQLite
  import Finita
  import FinitaRecording
  import FinitaRedux
  import FinitaRecordingGRDB
  import Foundation
  import GRDB
  import Testing

  private struct Basket: FeatureDefinition {
    struct State: Codable, Equatable, Sendable {
      var items: [String] = []
      var isSaving = false
    }
    enum Wish: Codable, Equatable, Sendable {
      case add(String)
      case clear
    }
    enum News: Codable, Equatable, Sendable {
      case emptied
    }

    func act(_ state: State, _ action: Wish) -> Effects<Wish> { .just(action) }

    func reduce(_ state: inout State, _ effect: Wish) {
      switch effect {
      case .add(let item): state.items.append(item)
      case .clear: state.items = []
      }
    }

    func publishNews(_ action: Wish, _ effect: Wish, _ state: State) -> News? {
      effect == .clear ? .emptied : nil
    }
  }

  private func temporaryFile() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("finita-grdb-\(UUID().uuidString).sqlite").path
  }

  @Suite("The SQLite store on GRDB")
  struct SQLiteFeatureStoreTests {
    private let snapshot = StatePersistence<Basket.State>(version: 1) { $0.isSaving = false }

    @Test("snapshots of several features live in one file and survive reopening")
    func snapshots() throws {
      let path = temporaryFile()
      defer { try? FileManager.default.removeItem(atPath: path) }
      do {
        let store = try SQLiteFeatureStore(path: path)
        try snapshot.save(.init(items: ["tea"], isSaving: true), to: store, key: "basket/a")
        try snapshot.save(.init(items: ["jam"]), to: store, key: "basket/b")
        try snapshot.save(.init(items: ["jam", "bread"]), to: store, key: "basket/b")
      }
      let reopened = try SQLiteFeatureStore(path: path)
      #expect(try reopened.snapshotKeys() == ["basket/a", "basket/b"])
      #expect(try snapshot.restore(from: reopened, key: "basket/a") == .init(items: ["tea"]))
      #expect(
        try snapshot.restore(from: reopened, key: "basket/b") == .init(items: ["jam", "bread"]))
      try reopened.remove(for: "basket/a")
      #expect(try snapshot.restore(from: reopened, key: "basket/a") == nil)
    }

    @Test("a bad snapshot gives the same error as with the file store, and restores nothing")
    func badSnapshot() throws {
      let store = try SQLiteFeatureStore(database: DatabaseQueue())
      let files = InMemorySnapshotStore()
      for text in [
        #"not json"#, #"{"version":9,"state":{}}"#, #"{"version":1,"state":{"items":3}}"#,
      ] {
        try store.write(Data(text.utf8), for: "k")
        files.write(Data(text.utf8), for: "k")
        var fromDatabase: FinitaRedux.PersistenceError?
        var fromFiles: FinitaRedux.PersistenceError?
        do { _ = try snapshot.restore(from: store, key: "k") } catch { fromDatabase = error }
        do { _ = try snapshot.restore(from: files, key: "k") } catch { fromFiles = error }
        #expect(fromDatabase != nil)
        #expect(fromDatabase?.description == fromFiles?.description)
        #expect(fromDatabase?.key == fromFiles?.key)
      }
    }

    @Test("a recording comes back whole, replays without divergence, and is listed")
    func recordings() throws {
      let store = try SQLiteFeatureStore(database: DatabaseQueue())
      let recorder = FeatureRecorder()
      let basket = Feature(
        initialState: Basket.State(), definition: Basket(),
        configuration: .init(name: "basket", interceptors: [recorder]))
      basket.accept(.add("tea"))
      basket.accept(.clear)
      let recording = try #require(recorder.recording(of: Basket.self))
      try store.saveRecording(recording, key: "basket/session-1")
      let loaded = try #require(try store.recording(of: Basket.self, key: "basket/session-1"))
      #expect(loaded.steps.count == recording.steps.count)
      #expect(loaded.replay { _ in Basket() }.divergence == nil)
      #expect(try store.recording(of: Basket.self, key: "missing") == nil)
      let listed = try store.recordings()
      #expect(listed.map(\.key) == ["basket/session-1"])
      #expect(listed.first?.featureName == "basket")
      #expect(listed.first?.stepCount == recording.steps.count)
      try store.removeRecording(for: "basket/session-1")
      #expect(try store.recordings().isEmpty)
    }

    @Test("a damaged recording names the line, as Recording(jsonLines:) does")
    func badRecording() throws {
      let store = try SQLiteFeatureStore(database: DatabaseQueue())
      let recorder = FeatureRecorder()
      let basket = Feature(
        initialState: Basket.State(), definition: Basket(),
        configuration: .init(interceptors: [recorder]))
      basket.accept(.add("tea"))
      try store.saveRecording(try #require(recorder.recording(of: Basket.self)), key: "r")
      let whole = try #require(
        try store.database.read { db in
          try Data.fetchOne(db, sql: "SELECT data FROM finitaRecording WHERE key = 'r'")
        })
      var lines = String(decoding: whole, as: UTF8.self).split(separator: "\n")
      lines[2] = "{\"broken\": "
      let damaged = Data(lines.joined(separator: "\n").utf8)
      try store.database.write { db in
        try db.execute(
          sql: "UPDATE finitaRecording SET data = ? WHERE key = 'r'", arguments: [damaged])
      }
      var fromDatabase: RecordingError?
      var fromData: RecordingError?
      do { _ = try store.recording(of: Basket.self, key: "r") } catch let error as RecordingError {
        fromDatabase = error
      }
      do { _ = try Recording<Basket>(jsonLines: damaged) } catch { fromData = error }
      #expect(fromDatabase?.line == 3)
      #expect(fromDatabase?.description == fromData?.description)
    }

    @Test("a file that is not a database is refused with a clear error")
    func notADatabase() throws {
      let path = temporaryFile()
      defer { try? FileManager.default.removeItem(atPath: path) }
      try Data("this is not SQLite, just text that is long enough to be a header".utf8)
        .write(to: URL(fileURLWithPath: path))
      #expect(throws: FinitaRedux.PersistenceError.storeFailed) {
        _ = try SQLiteFeatureStore(path: path)
      }
    }
  }
#endif  // SQLite
