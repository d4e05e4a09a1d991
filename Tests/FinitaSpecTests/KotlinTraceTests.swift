#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// Compiles the Kotlin of every seed spec, machines and features, with the real `kotlinc` (one
  /// invocation for all, as it is slow), runs each machine's replay `main`, and compares its trace with the Swift machine's,
  /// line by line. Scripts/test.sh installs Kotlin; without it the test is skipped locally and
  /// fails under CI.
  @Suite("Generated Kotlin")
  struct KotlinTraceTests {
    static func tool(_ name: String) -> String? {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
      return path.split(separator: ":").map { "\($0)/\(name)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }

    static var canRun: Bool {
      tool("kotlinc") != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs a program and returns its standard output, failing the test on a non-zero status.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // Read before waiting, so a full pipe cannot block the child.
      let data = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(
        process.terminationStatus == 0,
        "\(executable) failed: \(String(decoding: errorData, as: UTF8.self))")
      return String(decoding: data, as: UTF8.self)
    }

    /// Specs beyond the seeds, for shapes they do not have: a feature with every part.
    static let extraSpecs: [(file: String, text: String)] = [
      (
        "profile.yaml",
        """
        finita: 1
        feature: Profile
        wishes: [load, "retry"]
        effects:
          - name: loaded
            payload: { name: String, age: Int64?, score: Double, active: Bool }
          - failed
        news: [loadFailed]
        parts: { bootstrapper: true, postProcessor: true, async: true }
        """
      )
    ]

    @Test(
      "the Kotlin of every seed spec compiles, and prints the Swift trace for every machine",
      .enabled(if: canRun))
    func tracesMatch() throws {
      let kotlinc = try #require(Self.tool("kotlinc"), "kotlinc is not installed")
      let kotlin = try #require(Self.tool("kotlin"), "kotlin is not installed")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-kotlin-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var machines: [(generator: KotlinGenerator, machine: SpecMachine)] = []
      var files: [String] = []
      let extras = try Self.extraSpecs.map { try SpecReader.read($0.text, file: $0.file) }
      for spec in try SpecFixtures.seedSpecs.map(SpecFixtures.seed) + extras {
        let generator = KotlinGenerator(spec: spec)
        let file = folder.appendingPathComponent(generator.fileName)
        try Data(try generator.source().utf8).write(to: file)
        files.append(file.path)
        // A feature's Kotlin is compiled with the machines' but has no trace to compare.
        if let machine = spec.machine {
          machines.append((generator, SpecMachine(machine)))
        }
      }
      let jar = folder.appendingPathComponent("machines.jar").path
      _ = try Self.run(kotlinc, files + ["-d", jar])
      for (generator, machine) in machines {
        let kotlinTrace = try Self.run(kotlin, ["-cp", jar, generator.mainClass])
          .split(separator: "\n").map(String.init)
        let swiftTrace = machine.scenarioTrace
        #expect(!swiftTrace.isEmpty)
        #expect(kotlinTrace == swiftTrace, "\(generator.fileName)")
      }
    }
  }
#endif  // Spec
