#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// The Swift replay program (`replayMain()` with the types and ``SwiftGenerator/replay()``),
  /// compiled with `swiftc` against the built FinitaAutomaton, prints the spec's trace: the
  /// lines the Kotlin `main` prints; given scenarios, it reads them as the Kotlin `main` does.
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
    func replayProgram() async throws {
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
      let compiled = try await KotlinTraceTests.runAllowingFailure(
        swiftc,
        files + [
          "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, "-Xcc",
          "-fmodule-map-file="
            + build.appendingPathComponent("CFinitaAtomics.build/module.modulemap").path,
        ] + RandomSpecTests.sanitizers(of: objects) + objects + ["-o", binary])
      try #require(compiled.status == 0, "swiftc failed:\n\(compiled.errors.prefix(4_000))")
      let output = try await KotlinTraceTests.run(binary, [])
      let trace = SpecMachine(machine).scenarioTrace
      #expect(trace.count > 4)
      #expect(output == trace.joined(separator: "\n") + "\n")

      // Given its scenarios as arguments, written as the `scenario` lines print them, it prints
      // the same trace again.
      let scenarios = machine.scenarios.map {
        $0.steps.map(\.description).joined(separator: ", ")
      }
      #expect(try await KotlinTraceTests.run(binary, scenarios) == output)
      let given = try await KotlinTraceTests.run(
        binary, [#"pay(note: "a, (b)\n\u{1B}", tags: [x, "y, z"], marks: [1, 2]), reset if open"#])
      let expected =
        #"paid(amount: 0, big: 0, rate: 0.0, ok: false, note: "a, (b)\n\u{1B}", "#
        + #"tags: ["x", "y, z"], limit: nil, marks: Optional([1, 2])) -> idle"#
      #expect(given.split(separator: "\n").last.map(String.init) == expected, "\(given)")
      #expect(
        given.hasPrefix(
          #"scenario 1: pay(note: "a, (b)\n\u{1B}", tags: [x, "y, z"], marks: [1, 2]), reset if open"#
        ), "\(given)")
      // Mistakes end it with a message and the status 1, as the Kotlin `main`.
      for (scenario, message) in [
        ("pay, jump", "error: unknown event 'jump'; the events: pay, reset"),
        ("reset if opne", "error: unknown guard 'opne' in the step 'reset if opne'"),
        ("reset if", "error: cannot read the step 'reset if'"),
        ("pay(amout: 5)", "error: the event 'pay' has no field 'amout'; its fields: amount,"),
        ("pay(amount: five)", "error: amount takes an integer (Int), not five"),
        ("pay(amount: 3000000000)", "error: amount takes an integer (Int), not 3000000000"),
        ("reset(x: 1)", "error: the event 'reset' has no field 'x'; it has no payload"),
        ("pay(tags: x)", "error: tags takes a list such as [1, 2], not x"),
        (#"pay(note: "open)"#, #"error: cannot read the step 'pay(note: "open)'"#),
        ("pay(big: 1, big: 2)", "error: 'big' is given twice in the step"),
      ] {
        let result = try await KotlinTraceTests.runAllowingFailure(binary, [scenario])
        #expect(result.status == 1, "\(scenario)")
        #expect(result.output.isEmpty, "\(scenario): \(result.output)")
        #expect(result.errors.hasPrefix(message), "\(scenario): \(result.errors)")
      }
    }
  }
#endif  // Spec
