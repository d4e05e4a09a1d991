import FinitaRecording
import FinitaRedux
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

private struct Catalog: Codable, Equatable, Sendable {
  var items: [String]
  var isLoading: Bool
}

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent(
    "finita-snapshots-\(UInt64.random(in: 0...UInt64.max))")
}

@Suite("Saved state for any feature", .timeLimit(.minutes(1)))
struct SnapshotTests {
  private let snapshot = StatePersistence<Catalog>(version: 2) { $0.isLoading = false }

  @Test("a saved state comes back with its transient fields reset")
  func roundTrip() throws {
    let store = InMemorySnapshotStore()
    try snapshot.save(Catalog(items: ["a"], isLoading: true), to: store, key: "catalog")
    let text = String(decoding: try #require(store.read(for: "catalog")), as: UTF8.self)
    #expect(text == #"{"state":{"isLoading":true,"items":["a"]},"version":2}"#)
    #expect(
      try snapshot.restore(from: store, key: "catalog") == Catalog(items: ["a"], isLoading: false))
    #expect(try snapshot.restore(from: store, key: "missing") == nil)
  }

  @Test("an older version goes through the migration, or is rejected without one")
  func migration() throws {
    let old = Data(#"{"version":1,"state":{"names":["x"]}}"#.utf8)
    #expect(throws: PersistenceError.unsupportedVersion) { try snapshot.decode(old) }
    let migrating = StatePersistence<Catalog>(
      version: 2,
      migrate: { _, data in
        struct Old: Decodable { var names: [String] }
        return Catalog(
          items: try JSONDecoder().decode(Old.self, from: data).names, isLoading: true)
      })
    #expect(try migrating.decode(old) == Catalog(items: ["x"], isLoading: true))
  }

  @Test("bad input names the key and what is wrong")
  func badInput() {
    func error(_ text: String) -> PersistenceError? {
      do {
        _ = try snapshot.decode(Data(text.utf8))
        return nil
      } catch {
        return error
      }
    }
    #expect(error("{\"version\":2,") == .corruptData)
    #expect(error("[1]") == .corruptData)
    #expect(error(#"{"state":{}}"#)?.key == "version")
    #expect(error(#"{"version":"2","state":{}}"#)?.key == "version")
    let wrong = error(#"{"version":2,"state":{"items":[1],"isLoading":false}}"#)
    #expect(wrong == .incompatibleState)
    #expect(wrong?.key == "state.items[0]")
    #expect(wrong?.description.contains("at state.items[0], expected String") == true)
    let missing = error(#"{"version":2,"state":{"items":[]}}"#)
    #expect(missing?.key == "state.isLoading")
  }

  @Test("a file saved by StateSnapshot, before it became StatePersistence, still loads")
  func fileOfStateSnapshot() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The exact bytes StateSnapshot<Catalog>(version: 2) wrote to catalog.json; FinitaRedux's
    // StatePersistence wrote the same envelope, so one reader serves both.
    let saved = #"{"state":{"isLoading":true,"items":["a","b"]},"version":2}"#
    try Data(saved.utf8).write(to: directory.appendingPathComponent("catalog.json"))
    let store = FileSnapshotStore(directory: directory)
    #expect(
      try snapshot.restore(from: store, key: "catalog")
        == Catalog(items: ["a", "b"], isLoading: false))
    // Saving again writes the same bytes, so a file goes back and forth between versions.
    try snapshot.save(Catalog(items: ["a", "b"], isLoading: true), to: store, key: "catalog")
    #expect(try store.read(for: "catalog") == Data(saved.utf8))
  }

  @Test("a store that cannot be written or read fails with storeFailed, naming the key")
  func storeFailure() throws {
    struct Broken: SnapshotStore {
      struct Failure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
      }
      func write(_ data: Data, for key: String) throws { throw Failure() }
      func read(for key: String) throws -> Data? { throw Failure() }
      func remove(for key: String) throws { throw Failure() }
    }
    let written = #expect(throws: PersistenceError.storeFailed) {
      try snapshot.save(Catalog(items: [], isLoading: false), to: Broken(), key: "catalog")
    }
    #expect(written?.description.contains(#""catalog": the disk is full."#) == true)
    let read = #expect(throws: PersistenceError.storeFailed) {
      try snapshot.restore(from: Broken(), key: "catalog")
    }
    #expect(read?.description.contains(#"Could not read the state "catalog""#) == true)
  }

  @Test("the file store replaces files and leaves no temporary file behind")
  func fileStore() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = FileSnapshotStore(directory: directory)
    try snapshot.save(Catalog(items: ["a"], isLoading: false), to: store, key: "cat/alog")
    try snapshot.save(Catalog(items: ["b"], isLoading: false), to: store, key: "cat/alog")
    #expect(try snapshot.restore(from: store, key: "cat/alog")?.items == ["b"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cat_alog.json"])
    try store.remove(for: "cat/alog")
    #expect(try store.read(for: "cat/alog") == nil)
  }

  @Test("a process killed in the middle of saving leaves the old or the new snapshot")
  func killedWriter() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try writerExecutable()
    // On a thread of its own: the blocking reads must not hold one of the cooperative pool's
    // few threads while the writer, under a sanitizer on a busy machine, takes its time.
    let (seen, killed) = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<(Int, Bool), any Error>) in
      Thread {
        continuation.resume(with: Result { try Self.saveAndKill(writer, directory: directory) })
      }.start()
    }
    #expect(seen >= 20)
    #expect(killed)

    struct Payload: Codable, Sendable {
      var counter: Int
      var text: String
    }
    let restored = try #require(
      try StatePersistence<Payload>(version: 1).restore(
        from: FileSnapshotStore(directory: directory), key: "payload"))
    #expect(restored.counter >= 20)
    #expect(restored.text.count == 200_000)
    #expect(Set(restored.text) == [Character("\(restored.counter % 10)")])
  }

  /// Starts the writer, waits until it reports 20 saves, then kills it while it keeps saving.
  ///
  /// - Returns: How many saves it reported, and whether the kill ended it.
  private static func saveAndKill(_ writer: URL, directory: URL) throws -> (Int, Bool) {
    let process = Process()
    process.executableURL = writer
    process.arguments = [directory.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var seen = 0
    var buffer = Data()
    let handle = output.fileHandleForReading
    while seen < 20 {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      seen = buffer.split(separator: 0x0A).count
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return (seen, process.terminationReason == .uncaughtSignal)
  }

  /// The writer built next to the test bundle.
  private func writerExecutable() throws -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("FinitaSnapshotWriter")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    for path in [".build/debug/FinitaSnapshotWriter", ".build/release/FinitaSnapshotWriter"] {
      if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
    }
    throw WriterMissing()
  }

  private struct WriterMissing: Error, CustomStringConvertible {
    var description: String { "FinitaSnapshotWriter was not built; run swift build first" }
  }
}
