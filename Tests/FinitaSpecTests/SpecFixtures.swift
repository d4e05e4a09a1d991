#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// Paths in the source tree and golden-file comparison for the spec tests.
  enum SpecFixtures {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The seed specs under `Specs/`, sorted by name.
    static var seedSpecs: [URL] {
      let folder = root.appendingPathComponent("Specs")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map {
        folder.appendingPathComponent($0)
      }
    }

    /// Reads a seed spec, with the path printed relative to the repository.
    static func seed(_ url: URL) throws -> Spec {
      let text = try String(contentsOf: url, encoding: .utf8)
      return try SpecReader.read(text, file: "Specs/\(url.lastPathComponent)")
    }

    /// Whether golden files are re-recorded instead of compared (`FINITA_RECORD=1`).
    static var isRecording: Bool {
      ProcessInfo.processInfo.environment["FINITA_RECORD"] == "1"
    }

    /// Compares `actual` with the file at `url`, or writes it there when recording.
    static func assertGolden(
      _ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      if isRecording {
        try Data(actual.utf8).write(to: url, options: .atomic)
        return
      }
      let expected = try? String(contentsOf: url, encoding: .utf8)
      #expect(
        actual == expected,
        """
        \(url.path) differs from what the generator writes now; run the tests with \
        FINITA_RECORD=1 to re-record it if the change is intended
        """,
        sourceLocation: sourceLocation)
    }

    /// The golden folder of this test target.
    static let golden = root.appendingPathComponent("Tests/FinitaSpecTests/Golden")
  }
#endif  // Spec
