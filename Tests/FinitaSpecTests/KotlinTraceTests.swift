#if Spec
  import FinitaFixtures
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
    static func run(_ executable: String, _ arguments: [String]) async throws -> String {
      let result = try await runAllowingFailure(executable, arguments)
      #expect(result.status == 0, "\(executable) failed: \(result.errors)")
      return result.output
    }

    /// Runs a program and returns its status, standard output and standard error.
    ///
    /// Through the package's runner, which writes both streams to files: reading one pipe to
    /// its end while the child fills the other (kotlinc's warnings for a batch of 250 specs
    /// on standard error) blocked both for good.
    static func runAllowingFailure(_ executable: String, _ arguments: [String]) async throws -> (
      status: Int32, output: String, errors: String
    ) {
      let result = try await ExternalTool(executable: URL(fileURLWithPath: executable))
        .run(arguments, input: "", timeout: .seconds(1_800))
      return (result.status, result.output, result.errors)
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
      ),
      // Values at the edges: the smallest Int64, control characters and combining marks, and a
      // feature whose name already ends in Feature.
      (
        "texts.yaml",
        #"""
        finita: 1
        machine: Texts
        states:
          - idle
          - name: holding
            payload: { text: String, count: Int64, small: Int }
        events:
          - name: hold
            payload: { text: String, count: Int64, small: Int }
          - reset
        initial: idle
        transitions:
          - { from: idle, on: hold, to: holding }
          - { from: holding, on: reset, to: idle, guard: allowed }
        scenarios:
          - - hold: { text: "\0", count: -9223372036854775808, small: -2147483648 }
            - reset if allowed
            - reset
          - - hold: { text: "\x01\x7F\x1B", count: 9223372036854775807, small: 2147483647 }
          - - hold: { text: "\u0301e\u0301 \u200B\uFEFF\u00AD\x85\u2028\U0001F600", count: 0 }
          - - hold: { text: "tab\tquote\"apostrophe'back\\slash$dollar\r\n", count: 1 }
        """#
      ),
      (
        "player.yaml",
        """
        finita: 1
        feature: PlayerFeature
        wishes: [play]
        effects: [started]
        """
      ),
      // Every payload type, for steps given to `main` with values.
      (
        "till.yaml",
        """
        finita: 1
        machine: Till
        states:
          - idle
          - name: paid
            payload:
              { amount: Int, big: Int64, rate: Double, ok: Bool, note: String, tags: [String],
                limit: Int64?, marks: "[Int]?" }
        events:
          - name: pay
            payload:
              { amount: Int, big: Int64, rate: Double, ok: Bool, note: String, tags: [String],
                limit: Int64?, marks: "[Int]?" }
          - reset
        initial: idle
        transitions:
          - { from: idle, on: pay, to: paid }
          - { from: paid, on: reset, to: idle, guard: open }
        scenarios:
          - - pay: { amount: -5, big: 6000000000, rate: 2.5, ok: true, note: "a, \\"b\\" (c)",
                     tags: [x, "y, z"], limit: 7, marks: [1, 2] }
            - reset if open
            - pay: { limit: null, note: it's }
            - reset
        """
      ),
    ]

    @Test("a feature already named ...Feature gets no second Feature in its Kotlin class")
    func featureClassName() throws {
      let spec = try SpecReader.read(Self.extraSpecs[2].text, file: Self.extraSpecs[2].file)
      let source = try KotlinGenerator(spec: spec).source()
      #expect(source.contains("class PlayerFeature(\n"))
      #expect(!source.contains("PlayerFeatureFeature"))
      #expect(KotlinGenerator.featureClassName("Counter") == "CounterFeature")
    }

    @Test(
      "the Kotlin of every seed spec compiles, and prints the Swift trace for every machine",
      .enabled(if: canRun))
    func tracesMatch() async throws {
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
        // A feature's Kotlin is compiled with the machines'; its traces are the conformance suite's.
        if let machine = spec.machine {
          machines.append((generator, SpecMachine(machine)))
        }
      }
      let jar = folder.appendingPathComponent("machines.jar").path
      // Features are written on the Kotlin runtime, compiled with them.
      _ = try await Self.run(
        kotlinc, files + ConformanceTests.kotlinSources("runtime") + ["-d", jar])
      for (generator, machine) in machines {
        let kotlinTrace = try await Self.run(kotlin, ["-cp", jar, generator.mainClass])
          .split(separator: "\n").map(String.init)
        let swiftTrace = machine.scenarioTrace
        #expect(!swiftTrace.isEmpty)
        #expect(kotlinTrace == swiftTrace, "\(generator.fileName)")
        // Byte for byte, control characters included.
        #expect(
          Array((kotlinTrace.joined(separator: "\n")).utf8)
            == Array(swiftTrace.joined(separator: "\n").utf8), "\(generator.fileName)")
      }
      // A mistyped scenario is reported, not thrown as a stack trace.
      let turnstile = try #require(machines.first { $0.generator.spec.name == "Turnstile" })
      for (scenario, message) in [
        ("coin, jump", "error: unknown event 'jump'; the events: coin, push"),
        ("coin if enogh", "error: unknown guard 'enogh' in the step 'coin if enogh'"),
        ("coin if", "error: cannot read the step 'coin if'"),
      ] {
        let result = try await Self.runAllowingFailure(
          kotlin, ["-cp", jar, turnstile.generator.mainClass, scenario])
        #expect(result.status == 1, "\(scenario)")
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
        #expect(!result.errors.contains("Exception"), "\(result.errors)")
      }
      // Scenarios given as arguments take values, written as the trace prints them: each
      // machine's scenarios, given as its `scenario N:` lines, print its whole trace again.
      for (generator, machine) in machines where !machine.spec.scenarios.isEmpty {
        let scenarios = machine.spec.scenarios.map {
          $0.steps.map(\.description).joined(separator: ", ")
        }
        let kotlinTrace = try await Self.run(kotlin, ["-cp", jar, generator.mainClass] + scenarios)
          .split(separator: "\n").map(String.init)
        #expect(kotlinTrace == machine.scenarioTrace, "\(generator.fileName) given its scenarios")
      }
      let till = try #require(machines.first { $0.generator.spec.name == "Till" })
      let given = try await Self.run(
        kotlin,
        [
          "-cp", jar, till.generator.mainClass,
          #"pay(note: "a, (b)\n\u{1B}", tags: [x, "y, z"], marks: [1, 2]), reset if open"#,
        ])
      let expected =
        #"paid(amount: 0, big: 0, rate: 0.0, ok: false, note: "a, (b)\n\u{1B}", "#
        + #"tags: ["x", "y, z"], limit: nil, marks: Optional([1, 2])) -> idle"#
      let last = given.split(separator: "\n").last.map(String.init) ?? ""
      #expect(last == expected, "\(String(reflecting: last))")
      for (scenario, message) in [
        ("pay(amout: 5)", "error: the event 'pay' has no field 'amout'; its fields: amount,"),
        ("pay(amount: five)", "error: amount takes an integer (Int), not five"),
        ("pay(amount: 3000000000)", "error: amount takes an integer (Int), not 3000000000"),
        ("reset(x: 1)", "error: the event 'reset' has no field 'x'; it has no payload"),
        ("pay(tags: x)", "error: tags takes a list such as [1, 2], not x"),
        (#"pay(note: "open)"#, #"error: cannot read the step 'pay(note: "open)'"#),
      ] {
        let result = try await Self.runAllowingFailure(
          kotlin, ["-cp", jar, till.generator.mainClass, scenario])
        #expect(result.status == 1, "\(scenario)")
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
        #expect(!result.errors.contains("Exception"), "\(result.errors)")
      }
    }
  }
#endif  // Spec
