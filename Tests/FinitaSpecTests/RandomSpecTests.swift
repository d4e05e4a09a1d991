#if Spec
  import FinitaFixtures
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// Random specs (RandomSpecs) through `check`, both generators, `swiftc` and `kotlinc`: each
  /// spec either fails `check` with errors located in its file, or its Swift and its Kotlin both
  /// compile and print the trace SpecMachine computes, line for line. Many specs share one
  /// compilation on each side (each Kotlin spec in its own package, each Swift machine under its
  /// own name), so a thousand take minutes, not hours.
  ///
  /// The normal tests run 30 specs; Scripts/random-specs.sh runs 1,000
  /// (`FINITA_RANDOM_SPECS=1000`). The Swift side links the objects of the build that runs the
  /// test, so it runs on Linux, where they lie next to the test binary.
  @Suite("Random specs")
  struct RandomSpecTests {
    static var count: Int {
      ProcessInfo.processInfo.environment["FINITA_RANDOM_SPECS"].flatMap(Int.init) ?? 30
    }

    /// The build folder of the running tests: it holds `Modules/` and each target's objects.
    static var buildFolder: URL? {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      for _ in 0..<4 {
        if FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("Modules/FinitaAutomaton.swiftmodule").path)
        {
          return folder
        }
        folder = folder.deletingLastPathComponent()
      }
      return nil
    }

    static var canRun: Bool {
      #if os(Linux)
        KotlinTraceTests.canRun
      #else
        false
      #endif
    }

    /// What one run found.
    struct Counts: CustomStringConvertible {
      var total = 0
      var failedCheck: [String: Int] = [:]
      var matched = 0
      /// Specs that passed check but took a bare name an earlier spec had: not compiled.
      var sameName = 0
      /// The first error of each kind, as `check` printed it.
      var examples: [String: String] = [:]

      var description: String {
        let reasons = failedCheck.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
        return "\(total) specs: \(failedCheck.values.reduce(0, +)) failed check ("
          + reasons.joined(separator: ", ") + "), \(sameName) passed but were not compiled (an "
          + "earlier spec had their name), \(matched) compiled in Swift and Kotlin and printed "
          + "identical traces"
      }
    }

    /// The objects `swiftc` links the generated machines with: FinitaAutomaton and what it uses.
    ///
    /// A Swift target's objects are the ones its output file map names: a build folder that
    /// lived through renamed or deleted sources still holds their old objects, whose symbols
    /// would be defined twice.
    static func objects(in build: URL) throws -> [String] {
      let swiftObjects = try ["Finita", "FinitaAutomaton", "FinitaDiagrams"].flatMap { target in
        let map = build.appendingPathComponent("\(target).build/output-file-map.json")
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: map))
        return ((entries as? [String: Any]) ?? [:]).values.compactMap { entry in
          (entry as? [String: Any])?["object"] as? String
        }.sorted()
      }
      let atomics = build.appendingPathComponent("CFinitaAtomics.build")
      let cObjects = try FileManager.default.subpathsOfDirectory(atPath: atomics.path)
        .filter { $0.hasSuffix(".o") }.map { atomics.appendingPathComponent($0).path }
      return swiftObjects + cObjects
    }

    /// The sanitizer flags the objects were built with: a build under `--sanitize=thread` (the
    /// CI's ThreadSanitizer step) needs its runtime linked too, or every instrumented call is an
    /// undefined reference.
    static func sanitizers(of objects: [String]) -> [String] {
      guard let object = objects.first(where: { $0.hasSuffix(".swift.o") }),
        let data = FileManager.default.contents(atPath: object)
      else { return [] }
      return [("__tsan_", "thread"), ("__asan_", "address")].compactMap { prefix, sanitizer in
        data.range(of: Data(prefix.utf8)) == nil ? nil : "-sanitize=\(sanitizer)"
      }
    }

    /// How many specs one `swiftc` and one `kotlinc` compile: kotlinc, even given 2 GB instead
    /// of its default 256 MB of heap, slows down past a few hundred.
    static let batchSize = 250

    /// Specs compiled together: one Swift binary and one Kotlin jar, each with a driver that
    /// prints every spec's trace after a `=== N` marker.
    struct Batch {
      var number: Int
      var indices: [Int] = []
      var swiftFiles: [String] = []
      var kotlinFiles: [String] = []
      var swiftDriver = "// Prints every random machine's scenario trace after its marker.\n"
      var kotlinDriver = ""

      /// Compiles and runs the batch; returns each spec's Swift and Kotlin trace.
      func run(in folder: URL, build: URL, swiftc: String, kotlinc: String, kotlin: String)
        async throws
        -> (swift: [Int: [String]], kotlin: [Int: [String]])
      {
        let swiftFolder = folder.appendingPathComponent("swift/batch\(number)")
        try FileManager.default.createDirectory(at: swiftFolder, withIntermediateDirectories: true)
        let main = swiftFolder.appendingPathComponent("main.swift")
        try Data(swiftDriver.utf8).write(to: main)
        let binary = swiftFolder.appendingPathComponent("replay").path
        let objects = try RandomSpecTests.objects(in: build)
        let swiftBuild = try await KotlinTraceTests.runAllowingFailure(
          swiftc,
          [main.path] + swiftFiles + [
            "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, "-Xcc",
            "-fmodule-map-file="
              + build.appendingPathComponent("CFinitaAtomics.build/module.modulemap").path,
          ] + RandomSpecTests.sanitizers(of: objects) + objects + ["-o", binary])
        try #require(swiftBuild.status == 0, "swiftc failed:\n\(swiftBuild.errors.prefix(4_000))")
        let swiftOutput = try await KotlinTraceTests.run(binary, [])

        // Each spec in its own package, and the driver in its own.
        let driver = folder.appendingPathComponent("kotlin/Driver\(number).kt")
        try Data(
          ("package driver\(number)\n\nfun main(args: Array<String>) {\n" + kotlinDriver + "}\n")
            .utf8
        ).write(to: driver)
        let jar = folder.appendingPathComponent("random\(number).jar").path
        let kotlinBuild = try await KotlinTraceTests.runAllowingFailure(
          kotlinc, ["-J-Xmx2g"] + kotlinFiles + [driver.path, "-d", jar])
        try #require(
          kotlinBuild.status == 0, "kotlinc failed:\n\(kotlinBuild.errors.prefix(4_000))")
        let kotlinOutput = try await KotlinTraceTests.run(
          kotlin, ["-cp", jar, "driver\(number).Driver\(number)Kt"])
        return (RandomSpecTests.sections(swiftOutput), RandomSpecTests.sections(kotlinOutput))
      }
    }

    /// Splits a driver's output into each spec's lines, by its `=== N` markers.
    static func sections(_ output: String) -> [Int: [String]] {
      var result: [Int: [String]] = [:]
      var current: Int?
      for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("=== "), let index = Int(line.dropFirst(4)) {
          current = index
          result[index] = []
        } else if let current {
          result[current, default: []].append(String(line))
        }
      }
      // The last line break ends the last spec's last line.
      if let last = result.keys.max(), result[last]?.last == "" {
        result[last]?.removeLast()
      }
      return result
    }

    @Test(
      "random specs fail check with located errors, or print the same traces in both languages",
      .enabled(if: canRun))
    func randomSpecs() async throws {
      let started = Date()
      let kotlinc = try #require(KotlinTraceTests.tool("kotlinc"), "kotlinc is not installed")
      let kotlin = try #require(KotlinTraceTests.tool("kotlin"), "kotlin is not installed")
      let swiftc = try #require(KotlinTraceTests.tool("swiftc"), "swiftc is not on PATH")
      let build = try #require(Self.buildFolder, "no Modules/ next to \(CommandLine.arguments[0])")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-random-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // FINITA_RANDOM_SPECS_KEEP keeps the generated files, to look into a failure.
      defer {
        if ProcessInfo.processInfo.environment["FINITA_RANDOM_SPECS_KEEP"] == nil {
          try? FileManager.default.removeItem(at: folder)
        } else {
          print("random specs: the files are in \(folder.path)")
        }
      }

      var random = SeededGenerator(seed: 40)
      var counts = Counts()
      var expected: [Int: [String]] = [:]
      var batches: [Batch] = []
      var names: Set<String> = []
      for index in 0..<Self.count {
        let text = RandomSpecs.spec(index, using: &random)
        let file = "random\(index).yaml"
        counts.total += 1
        let check = SpecReader.check(text, file: file)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        if let error = check.errors.first {
          for diagnostic in check.errors {
            #expect(diagnostic.location.file == file)
            #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount)
            #expect(diagnostic.location.column >= 1)
          }
          counts.failedCheck["\(error.code)", default: 0] += 1
          if counts.examples["\(error.code)"] == nil {
            counts.examples["\(error.code)"] = error.description
          }
          continue
        }
        let spec = try #require(check.spec, "\(file) passed check but has no spec:\n\(text)")
        let machine = try #require(spec.machine)
        // Two specs drawing the same bare name cannot share the Swift module; the second is
        // read like the others but not compiled.
        guard names.insert(spec.name.lowercased()).inserted else {
          counts.sameName += 1
          continue
        }
        expected[index] = SpecMachine(machine).scenarioTrace
        if batches.last.map({ $0.indices.count >= Self.batchSize }) ?? true {
          batches.append(Batch(number: batches.count))
        }
        batches[batches.count - 1].indices.append(index)
        let swift = SwiftGenerator(spec: spec)
        let swiftFolder = folder.appendingPathComponent("swift/\(index)")
        try FileManager.default.createDirectory(at: swiftFolder, withIntermediateDirectories: true)
        for (name, source) in [
          (swift.typesFileName, swift.types()), (swift.replayFileName, swift.replay() ?? ""),
        ] {
          let url = swiftFolder.appendingPathComponent(name)
          try Data(source.utf8).write(to: url)
          batches[batches.count - 1].swiftFiles.append(url.path)
        }
        batches[batches.count - 1].swiftDriver +=
          "print(\"=== \(index)\")\nfor line in try \(spec.name)Replay.scenarioTrace() { print(line) }\n"
        let kotlinGenerator = KotlinGenerator(spec: spec, package: "r\(index)")
        let kotlinFolder = folder.appendingPathComponent("kotlin/r\(index)")
        try FileManager.default.createDirectory(
          at: kotlinFolder, withIntermediateDirectories: true)
        let kotlinFile = kotlinFolder.appendingPathComponent(kotlinGenerator.fileName)
        try Data(try kotlinGenerator.source().utf8).write(to: kotlinFile)
        batches[batches.count - 1].kotlinFiles.append(kotlinFile.path)
        batches[batches.count - 1].kotlinDriver +=
          "    println(\"=== \(index)\")\n    r\(index).main(arrayOf<String>())\n"
      }
      for batch in batches {
        let (swiftTraces, kotlinTraces) = try await batch.run(
          in: folder, build: build, swiftc: swiftc, kotlinc: kotlinc, kotlin: kotlin)
        for index in batch.indices {
          let trace = expected[index]
          #expect(swiftTraces[index] == trace, "Swift trace of random\(index).yaml")
          #expect(kotlinTraces[index] == trace, "Kotlin trace of random\(index).yaml")
          if swiftTraces[index] == trace && kotlinTraces[index] == trace { counts.matched += 1 }
        }
      }
      // Checked specs that compiled and matched, and those check refused, account for all.
      #expect(
        counts.matched + counts.sameName + counts.failedCheck.values.reduce(0, +) == counts.total)
      for (code, example) in counts.examples.sorted(by: { $0.key < $1.key }) {
        print("  \(code), such as: \(example)")
      }
      print(
        "random specs: \(counts) in \(Int(Date().timeIntervalSince(started))) s")
    }
  }
#endif  // Spec
