#if Tools
  import FinitaFixtures
  import Foundation
  import Testing

  /// Runs the built `finita` executable and checks its output and exit status against golden
  /// files under Golden/ (re-recorded with `FINITA_RECORD=1`).
  @Suite("finita command line")
  struct CommandTests {
    static let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = root.appendingPathComponent("Tests/FinitaCommandTests/Golden")

    /// Where the build put the executables.
    static var productsDirectory: URL {
      #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
          return bundle.bundleURL.deletingLastPathComponent()
        }
        preconditionFailure("Internal inconsistency: no test bundle")
      #else
        return Bundle.main.bundleURL
      #endif
    }

    struct Result: Sendable {
      var status: Int32
      var output: String
      var errors: String
    }

    /// Runs `finita` with `arguments` from the repository's root.
    static func finita(_ arguments: String...) async throws -> Result {
      try await finita(arguments)
    }

    static func assertGolden(
      _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let url = golden.appendingPathComponent(name)
      if ProcessInfo.processInfo.environment["FINITA_RECORD"] == "1" {
        try Data(actual.utf8).write(to: url, options: .atomic)
        return
      }
      let expected = try? String(contentsOf: url, encoding: .utf8)
      #expect(
        actual == expected, "\(name) differs; re-record with FINITA_RECORD=1 if intended",
        sourceLocation: sourceLocation)
    }

    static func temporaryFile(_ text: String, name: String) throws -> URL {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-command-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url
    }

    static let brokenSpec = """
      finita: 1
      machine: Gate
      states: [shut, open, open]
      events: [coin, push]
      initial: shut
      transitions:
        - { from: shut, on: coin, to: opne }
        - { from: open, on: push, to: shut, speed: 3 }
      """

    @Test("check accepts every seed spec and exits 0")
    func checkSeeds() async throws {
      let result = try await Self.finita(
        "check", "Specs/turnstile.yaml", "Specs/binary-gap.json", "Specs/parking-meter.yaml",
        "Specs/call-tracker.yaml", "Specs/signup-flow.yaml", "Specs/counter-feature.yaml")
      #expect(result.status == 0)
      try Self.assertGolden(result.output, "check-seeds.txt")
    }

    @Test("check prints a matrix of states and events")
    func checkMatrix() async throws {
      let result = try await Self.finita("check", "Specs/parking-meter.yaml", "--matrix")
      #expect(result.status == 0)
      try Self.assertGolden(result.output, "check-matrix.txt")
    }

    @Test("check reports every error in the compiler's format and exits 1")
    func checkErrors() async throws {
      let spec = try Self.temporaryFile(Self.brokenSpec, name: "gate.yaml")
      let result = try await Self.finita("check", spec.path)
      #expect(result.status == 1)
      // On standard error, as `graph` and `generate` print problems.
      #expect(result.output.isEmpty)
      try Self.assertGolden(
        result.errors.replacingOccurrences(of: spec.path, with: "gate.yaml"), "check-errors.txt")
    }

    @Test("check --format json describes each file for tools")
    func checkJSON() async throws {
      let spec = try Self.temporaryFile(Self.brokenSpec, name: "gate.yaml")
      let result = try await Self.finita(
        "check", spec.path, "Specs/turnstile.yaml", "--format", "json")
      #expect(result.status == 1)
      try Self.assertGolden(
        result.output.replacingOccurrences(of: spec.path, with: "gate.yaml"), "check.json")
    }

    @Test("graph draws a machine in Mermaid with a highlighted state")
    func graphMermaid() async throws {
      let result = try await Self.finita(
        "graph", "Specs/turnstile.yaml", "--format", "mermaid", "--highlight", "unlocked")
      #expect(result.status == 0)
      try Self.assertGolden(result.output, "turnstile.mmd")
    }

    @Test("trace prints the lines both languages' replays must print; a feature has none")
    func traceOfScenarios() async throws {
      let result = try await Self.finita("trace", "Specs/turnstile.yaml")
      #expect(result.status == 0)
      #expect(result.output.hasPrefix("scenario 1: "))
      try Self.assertGolden(result.output, "trace-turnstile.txt")
      let feature = try await Self.finita("trace", "Specs/counter-feature.yaml")
      #expect(feature.status == 1)
      #expect(feature.errors.contains("is a feature; trace replays the scenarios of machines"))
      #expect(feature.errors.contains("`finita generate kotlin` writes a main that prints it"))
      let missing = try await Self.finita("trace", "Specs/nothing-here.yaml")
      #expect(missing.status != 0)
      #expect(missing.output.isEmpty)
    }

    @Test("graph draws DOT and PlantUML")
    func graphTexts() async throws {
      let dot = try await Self.finita("graph", "Specs/parking-meter.yaml", "--format", "dot")
      #expect(dot.status == 0)
      try Self.assertGolden(dot.output, "parking-meter.dot")
      let plantUML = try await Self.finita(
        "graph", "Specs/parking-meter.yaml", "--format", "plantuml")
      #expect(plantUML.status == 0)
      try Self.assertGolden(plantUML.output, "parking-meter.puml")
    }

    @Test("graph renders SVG through Graphviz when it is installed")
    func graphSVG() async throws {
      let hasDot = FileManager.default.isExecutableFile(atPath: "/usr/bin/dot")
      let result = try await Self.finita("graph", "Specs/turnstile.yaml", "--format", "svg")
      if hasDot {
        #expect(result.status == 0)
        #expect(result.output.contains("<svg"))
      } else {
        #expect(result.status == 1)
        #expect(result.errors.contains("apt-get install graphviz"))
      }
    }

    @Test("graph --output writes to an absolute path where it says, making its directory")
    func graphOutputPath() async throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-graph-\(UUID().uuidString)")
      var formats = [("mermaid", "mmd"), ("dot", "dot")]
      if FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") {
        formats.append(("svg", "svg"))
      }
      for (format, suffix) in formats {
        // Before, the path was read as relative to the current directory: "/tmp/x" went to
        // "./tmp/x".
        let file = folder.appendingPathComponent("new/turnstile.\(suffix)")
        let result = try await Self.finita(
          "graph", "Specs/turnstile.yaml", "--format", format, "--output", file.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(format)")
        #expect(!FileManager.default.fileExists(atPath: "\(Self.root.path)\(file.path)"))
      }
      try? FileManager.default.removeItem(at: folder)
    }

    @Test("an output that is a directory, or under a file, is refused and says which")
    func unwritableOutputs() async throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-out-\(UUID().uuidString)")
      let file = folder.appendingPathComponent("a-file")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: folder) }
      var cases = [
        (
          ["graph", "Specs/turnstile.yaml", "--format", "mermaid", "--output", folder.path],
          "\(folder.path): it is a directory; give a file's path"
        ),
        (
          ["generate", "swift", "Specs/turnstile.yaml", "--output", file.path],
          "\(file.path) is a file, not a directory"
        ),
        (
          ["generate", "kotlin", "Specs/turnstile.yaml", "--output", file.path + "/deeper/still"],
          "\(file.path) is a file, not a directory"
        ),
      ]
      if FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") {
        // Before, dot said "Could not open ... for writing : Is a directory", then finita "dot
        // failed with status 1".
        cases.append(
          (
            ["graph", "Specs/turnstile.yaml", "--format", "svg", "--output", folder.path],
            "\(folder.path): it is a directory; give a file's path"
          ))
      }
      for (arguments, problem) in cases {
        let result = try await Self.finita(arguments)
        #expect(result.status == 1)
        #expect(result.errors.contains("error: cannot write"), "\(result.errors)")
        #expect(result.errors.contains(problem), "\(result.errors)")
      }
    }

    @Test("a spec or DOT file that cannot be read says why: missing, a directory, not UTF-8")
    func unreadableFiles() async throws {
      let binary = try Self.temporaryFile("", name: "latin1.yaml")
      try Data([0x66, 0x69, 0xFF, 0xFE, 0x0A]).write(to: binary)
      let folder = binary.deletingLastPathComponent()
      let cases = [
        (folder.appendingPathComponent("missing.yaml").path, "there is no such file"),
        (folder.path, "this is a directory"),
        (binary.path, "the file is not UTF-8 text; save it as UTF-8"),
      ]
      for (path, message) in cases {
        for command in ["check", "import"] {
          // Both print their errors to standard error.
          let result = try await Self.finita(command, path)
          let printed = result.errors
          #expect(result.status == 1)
          #expect(printed.contains("\(path):1:1: error: \(message)"), "\(command): \(printed)")
        }
      }
    }

    @Test("new feature writes a test for another target with @testable, and refuses String")
    func newFeatureInAnotherTarget() async throws {
      let folder = try Self.temporaryFile("", name: "unused").deletingLastPathComponent()
      let sources = folder.appendingPathComponent("Sources/App/Profile").path
      let tests = folder.appendingPathComponent("Tests/AppTests").path
      let result = try await Self.finita(
        "new", "feature", "Profile", "--news", "--async", "--output", sources, "--tests", tests)
      #expect(result.status == 0, "\(result.errors)")
      let test = try String(contentsOfFile: tests + "/ProfileTests.swift", encoding: .utf8)
      #expect(test.contains("@testable import App\n"))
      let elsewhere = try await Self.finita(
        "new", "feature", "Other", "--output", folder.appendingPathComponent("Other").path,
        "--tests", tests)
      #expect(elsewhere.status != 0)
      #expect(elsewhere.errors.contains("name it with --module"))
      for name in ["String", "Feature"] {
        let refused = try await Self.finita(
          "new", "feature", name, "--output", folder.appendingPathComponent(name).path)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("already uses"), "\(refused.errors)")
      }
    }

    @Test("graph rejects a highlight that is not a state")
    func graphUnknownHighlight() async throws {
      let result = try await Self.finita("graph", "Specs/turnstile.yaml", "--highlight", "jammed")
      #expect(result.status != 0)
      #expect(result.errors.contains("its states are locked, unlocked"))
    }

    @Test("generate writes nothing when the spec has an error")
    func generateNothingOnError() async throws {
      let spec = try Self.temporaryFile(Self.brokenSpec, name: "gate.yaml")
      let output = spec.deletingLastPathComponent().appendingPathComponent("out")
      for language in ["swift", "kotlin"] {
        let result = try await Self.finita("generate", language, spec.path, "--output", output.path)
        #expect(result.status == 1)
        #expect(result.errors.contains("gate.yaml:7:33: error: undeclared state 'opne'"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
      }
    }

    @Test("generate writes the Swift and Kotlin of a machine, and the Kotlin of a feature")
    func generateFiles() async throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-generate-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let swift = try await Self.finita(
        "generate", "swift", "Specs/turnstile.yaml", "--output", folder.path, "--tests",
        folder.path)
      #expect(swift.status == 0)
      let kotlin = try await Self.finita(
        "generate", "kotlin", "Specs/turnstile.yaml", "--output", folder.path)
      #expect(kotlin.status == 0)
      let feature = try await Self.finita(
        "generate", "kotlin", "Specs/counter-feature.yaml", "--output", folder.path)
      #expect(feature.status == 0)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(
        names == ["Counter.kt", "Turnstile.kt", "Turnstile.swift", "TurnstileCoverTests.swift"])
    }

    @Test("inspect --load without --demo is refused and says what to add")
    func inspectLoadNeedsDemo() async throws {
      let result = try await Self.finita("inspect", "--load", "--port", "0")
      #expect(result.status != 0)
      #expect(result.errors.contains("--load runs with the demo: add --demo"), "\(result.errors)")
    }

    @Test("inspect refuses a port outside 0 to 65535 instead of listening on its low 16 bits")
    func inspectRefusesABadPort() async throws {
      for port in ["99999", "65536"] {
        let result = try await Self.finita("inspect", "--port", port)
        #expect(result.status != 0)
        #expect(
          result.errors.contains("\(port) is not a TCP port; use one from 1 to 65535"),
          "\(result.errors)")
      }
    }

    @Test("inspect refuses a token that cannot go into its URLs, and says what to give")
    func inspectRefusesABadToken() async throws {
      for (token, problem) in [
        ("dev&token-1", "The token has '&'"), ("short", "The token has 5 characters"),
        ("", "The token has 0 characters"),
      ] {
        let result = try await Self.finita("inspect", "--port", "0", "--token", token)
        #expect(result.status != 0)
        #expect(result.errors.contains(problem), "\(result.errors)")
      }
    }

    @Test("every command's help shows an example")
    func helpHasExamples() async throws {
      for command in [
        ["check"], ["graph"], ["generate"], ["generate", "swift"], ["generate", "kotlin"],
        ["new", "feature"], ["import"], ["tour"], ["trace"],
      ] {
        let result = try await Self.finita("help", command.joined(separator: " "))
        let help = try await Self.finita(Array(command + ["--help"]))
        #expect(help.status == 0)
        #expect(help.output.contains("xample"), "\(command) has no example: \(result.output)")
      }
    }
  }

  extension CommandTests {
    /// Runs `finita` with `arguments` from the repository's root, on a thread of its own so the
    /// wait never holds one of the cooperative pool's few threads.
    static func finita(_ arguments: [String]) async throws -> Result {
      try await ExternalTool.onOwnThread(takingTurn: true) { try blockingFinita(arguments) }
    }

    private static func blockingFinita(_ arguments: [String]) throws -> Result {
      let process = Process()
      process.executableURL = productsDirectory.appendingPathComponent("finita")
      process.arguments = arguments
      process.currentDirectoryURL = root
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        errors: String(decoding: errorData, as: UTF8.self))
    }
  }
#endif  // Tools
