#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// A feature spec's scenarios, replayed by the code `generate swift` and `generate kotlin`
  /// write, with the same logic filled in by hand in both languages: the two traces of steps,
  /// effects, states and news must be identical, the PostProcessor's wish queued in both.
  @Suite("Generated feature replay")
  struct FeatureReplayTests {
    static let echo = #"""
      finita: 1
      feature: Echo
      state: { log: [String], count: Int, last: String? }
      wishes:
        - first
        - second
        - name: say
          payload: { text: String }
      effects:
        - a
        - b
        - name: c
          payload: { text: String }
      news:
        - name: said
          payload: { text: String }
      parts: { postProcessor: true }
      scenarios:
        - [first, first]
        - - say: { text: "tab\tescape\x1B e\u0301" }
          - first
          - dispose
          - second
      """#

    /// `text` with each `(old, new)` replaced, every `old` found exactly once.
    static func filled(_ text: String, _ edits: [(String, String)]) throws -> String {
      var text = text
      for (old, new) in edits {
        let count = text.components(separatedBy: old).count - 1
        try #require(count == 1, "'\(old)' is found \(count) times in:\n\(text)")
        text = text.replacingOccurrences(of: old, with: new)
      }
      return text
    }

    /// Echo's logic, filled into the Swift skeleton: `first` gives a and b, the PostProcessor
    /// answers a with `second`, which gives c; c is told as news.
    static func swiftDefinition(_ generator: SwiftGenerator) throws -> String {
      try filled(
        generator.featureSkeleton(),
        [
          ("case .first:\n      return .none", "case .first:\n      return .many(.a, .b)"),
          (
            "case .second:\n      return .none",
            "case .second:\n      return .just(.c(text: \"second\"))"
          ),
          (
            "case .say:\n      return .none",
            "case .say(let text):\n      return .just(.c(text: text))"
          ),
          (
            "case .a:\n      break",
            "case .a:\n      state.count += 1\n      state.log.append(\"a\")"
          ),
          ("case .b:\n      break", "case .b:\n      state.log.append(\"b\")"),
          (
            "case .c:\n      break",
            "case .c(let text):\n      state.log.append(text)\n      state.last = text"
          ),
          (
            "-> News? {\n    nil",
            "-> News? {\n    guard case .c(let text) = effect else { return nil }\n"
              + "    return .said(text: text)"
          ),
          (
            "-> Wish? {\n    nil",
            "-> Wish? {\n    guard case .a = effect else { return nil }\n    return .second"
          ),
        ])
    }

    /// The same logic, filled into the generated Kotlin.
    static func kotlinSource(_ generator: KotlinGenerator) throws -> String {
      try filled(
        try generator.source(),
        [
          (
            "is Wish.First -> Observable.empty()",
            "is Wish.First -> Observable.just(Effect.A, Effect.B)"
          ),
          (
            "is Wish.Second -> Observable.empty()",
            "is Wish.Second -> Observable.just(Effect.C(text = \"second\"))"
          ),
          (
            "is Wish.Say -> Observable.empty()",
            "is Wish.Say -> Observable.just(Effect.C(text = action.text))"
          ),
          (
            "is Effect.A -> state",
            "is Effect.A -> state.copy(count = state.count + 1, log = state.log + \"a\")"
          ),
          ("is Effect.B -> state", "is Effect.B -> state.copy(log = state.log + \"b\")"),
          (
            "is Effect.C -> state",
            "is Effect.C -> state.copy(log = state.log + effect.text, last = effect.text)"
          ),
          (
            "state: State): Wish? = null",
            "state: State): Wish? = if (effect is Effect.A) Wish.Second else null"
          ),
          (
            "state: State): News? = null",
            "state: State): News? = if (effect is Effect.C) News.Said(text = effect.text) else null"
          ),
        ])
    }

    @Test("a feature's scenarios are checked: wishes, values, dispose, no guards")
    func checked() {
      let text = """
        finita: 1
        feature: Door
        wishes: [open, { name: lock, payload: { code: Int } }]
        effects: [opened]
        scenarios:
          - [opne, open if allowed]
          - - lock: { code: seven, cdoe: 1 }
            - dispose: { now: true }
          - []
        """
      let check = SpecReader.check(text, file: "door.yaml")
      #expect(
        check.diagnostics.map(\.description) == [
          "door.yaml:6:6: error: undeclared wish 'opne'; declare it under 'wishes' or fix the "
            + "name (did you mean 'open'?)",
          "door.yaml:6:12: error: step 'open if allowed' names a guard, and a feature has none; "
            + "write the wish alone, 'open'",
          "door.yaml:7:21: error: the value of 'code' in 'lock' does not fit its type Int: "
            + "expected an integer (Int) such as 120, found seven",
          "door.yaml:7:28: error: the wish 'lock' has no field 'cdoe'; its fields: code",
          "door.yaml:8:7: error: the step 'dispose' takes no values; write it alone",
          "door.yaml:9:5: error: a scenario lists at least one wish",
        ], "\(check.diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test("a feature without scenarios gets no replay, and no Kotlin main")
    func noScenarios() throws {
      let spec = try SpecReader.read(
        KotlinTraceTests.extraSpecs[0].text, file: KotlinTraceTests.extraSpecs[0].file)
      #expect(SwiftGenerator(spec: spec).replay() == nil)
      #expect(SwiftGenerator(spec: spec).replayMain() == nil)
      #expect(!(try KotlinGenerator(spec: spec).source()).contains("fun main"))
    }

    @Test(
      "the generated Swift and Kotlin replay a feature's scenarios with identical traces",
      .enabled(
        if: KotlinTraceTests.canRun && KotlinTraceTests.tool("swiftc") != nil
          && RandomSpecTests.buildFolder != nil))
    func tracesMatch() async throws {
      let swiftc = try #require(KotlinTraceTests.tool("swiftc"))
      let kotlinc = try #require(KotlinTraceTests.tool("kotlinc"), "kotlinc is not installed")
      let kotlin = try #require(KotlinTraceTests.tool("kotlin"), "kotlin is not installed")
      let build = try #require(RandomSpecTests.buildFolder)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-feature-replay-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let spec = try SpecReader.read(Self.echo, file: "echo.yaml")

      let generator = SwiftGenerator(spec: spec)
      var files: [String] = []
      for (name, text) in [
        ("main.swift", generator.replayMain()), (generator.typesFileName, generator.types()),
        (generator.skeletonFileName, try Self.swiftDefinition(generator)),
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
      let swiftTrace = try await KotlinTraceTests.run(binary, []).split(separator: "\n").map(
        String.init)

      let kotlinGenerator = KotlinGenerator(spec: spec)
      let source = folder.appendingPathComponent(kotlinGenerator.fileName)
      try Data(try Self.kotlinSource(kotlinGenerator).utf8).write(to: source)
      let jar = folder.appendingPathComponent("echo.jar").path
      _ = try await KotlinTraceTests.run(
        kotlinc, [source.path] + ConformanceTests.kotlinSources("runtime") + ["-d", jar])
      let kotlinTrace = try await KotlinTraceTests.run(
        kotlin, ["-cp", jar, kotlinGenerator.mainClass]
      )
      .split(separator: "\n").map(String.init)

      #expect(
        kotlinTrace == swiftTrace,
        "\(ConformanceTests.diff(swift: swiftTrace, kotlin: kotlinTrace))")
      // Re-entrant: the PostProcessor's `second` is queued, so c comes after b, in both.
      let second = swiftTrace.firstIndex { $0.hasPrefix("scenario 2") } ?? swiftTrace.endIndex
      #expect(
        swiftTrace[..<second].filter { $0.hasPrefix("effect") }
          == [
            "effect a", "effect b", "effect c(text: \"second\")", "effect a", "effect b",
            "effect c(text: \"second\")",
          ])
      // Disposed: the wish after `dispose` does nothing.
      let disposed = try #require(swiftTrace.firstIndex(of: "> dispose"))
      #expect(swiftTrace[disposed...] == ["> dispose", "> wish second"])
      #expect(swiftTrace.contains(#"news said(text: "tab\tescape\u{1B} é")"#), "\(swiftTrace)")
    }
  }
#endif  // Spec
