#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// The Swift replay program (`replayMain()` with the types and ``SwiftGenerator/replay()``),
  /// compiled with `swiftc` against the built FinitaAutomaton, prints the spec's trace: the
  /// lines the Kotlin `main` prints.
  @Suite("Generated Swift replay program")
  struct SwiftReplayTests {
    @Test("a feature spec has no replay program")
    func featureHasNone() throws {
      let spec = try SpecReader.read(
        KotlinTraceTests.extraSpecs[2].text, file: KotlinTraceTests.extraSpecs[2].file)
      #expect(SwiftGenerator(spec: spec).replayMain() == nil)
    }

    @Test(
      "the replay program of a machine with values and guards prints its reference trace",
      .enabled(if: KotlinTraceTests.tool("swiftc") != nil && RandomSpecTests.buildFolder != nil))
    func replayProgram() throws {
      let swiftc = try #require(KotlinTraceTests.tool("swiftc"))
      let build = try #require(RandomSpecTests.buildFolder)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-replay-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let till = try #require(KotlinTraceTests.extraSpecs.first { $0.file == "till.yaml" })
      let spec = try SpecReader.read(till.text, file: till.file)
      let machine = try #require(spec.machine)
      let generator = SwiftGenerator(spec: spec)
      var files: [String] = []
      for (name, text) in [
        ("main.swift", generator.replayMain()), (generator.typesFileName, generator.types()),
        (generator.replayFileName, generator.replay()),
      ] {
        let url = folder.appendingPathComponent(name)
        try Data(try #require(text, "\(name)").utf8).write(to: url)
        files.append(url.path)
      }
      let binary = folder.appendingPathComponent("replay").path
      let objects = try RandomSpecTests.objects(in: build)
      let compiled = try KotlinTraceTests.runAllowingFailure(
        swiftc,
        files + [
          "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, "-Xcc",
          "-fmodule-map-file="
            + build.appendingPathComponent("CFinitaAtomics.build/module.modulemap").path,
        ] + RandomSpecTests.sanitizers(of: objects) + objects + ["-o", binary])
      try #require(compiled.status == 0, "swiftc failed:\n\(compiled.errors.prefix(4_000))")
      let output = try KotlinTraceTests.run(binary, [])
      let trace = SpecMachine(machine).scenarioTrace
      #expect(trace.count > 4)
      #expect(output == trace.joined(separator: "\n") + "\n")
    }
  }
#endif  // Spec
