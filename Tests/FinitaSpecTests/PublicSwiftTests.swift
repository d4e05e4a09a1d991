#if Spec
  import FinitaFixtures
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// `SwiftGenerator(isPublic: true)` (`finita generate swift --public`): the types and skeleton
  /// of every seed spec and Echo, compiled as a module of their own, are usable from another.
  @Suite("Generated public Swift")
  struct PublicSwiftTests {
    static var specs: [Spec] {
      get throws {
        try SpecFixtures.seedSpecs.map(SpecFixtures.seed) + [
          SpecReader.read(FeatureReplayTests.echo, file: "echo.yaml")
        ]
      }
    }

    @Test("every declaration a user of another module needs is public")
    func declarations() throws {
      let turnstile = try #require(try Self.specs.first { $0.name == "Turnstile" })
      let internalTypes = SwiftGenerator(spec: turnstile).types()
      #expect(!internalTypes.contains("public "))
      let types = SwiftGenerator(spec: turnstile, isPublic: true).types()
      #expect(types.contains("public enum TurnstileState"))
      #expect(
        types.contains("public static let automaton") || types.contains("public struct Guards"))
      let echo = try SpecReader.read(FeatureReplayTests.echo, file: "echo.yaml")
      let generator = SwiftGenerator(spec: echo, isPublic: true)
      let featureTypes = generator.types()
      #expect(featureTypes.contains("public struct EchoState: Hashable, Sendable {"))
      #expect(featureTypes.contains("  public var log: [String] = []"))
      #expect(
        featureTypes.contains(
          "  public init(log: [String] = [], count: Int = 0, last: String? = nil) {"))
      #expect(featureTypes.contains("public enum EchoWish"))
      // Case lines and local code are left alone.
      #expect(!featureTypes.contains("public case"))
      let skeleton = generator.featureSkeleton()
      #expect(skeleton.contains("public struct Echo: FeatureDefinition {"))
      #expect(skeleton.contains("  public init() {}"))
      #expect(skeleton.contains("  public func act(_ state: State, _ action: Wish)"))
      #expect(skeleton.contains("  public typealias State = EchoState"))
    }

    @Test(
      "the public code compiles as a module that another module uses",
      .enabled(if: KotlinTraceTests.tool("swiftc") != nil && RandomSpecTests.buildFolder != nil))
    func otherModule() async throws {
      let swiftc = try #require(KotlinTraceTests.tool("swiftc"))
      let build = try #require(RandomSpecTests.buildFolder)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-public-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var files: [String] = []
      var client = "import Finita\nimport FinitaAutomaton\nimport Generated\n\n"
      for spec in try Self.specs {
        let generator = SwiftGenerator(spec: spec, isPublic: true)
        var texts = [(generator.typesFileName, generator.types())]
        let name = spec.name
        if let feature = spec.feature {
          texts.append((generator.skeletonFileName, generator.featureSkeleton()))
          let wish = SwiftGenerator.sample(feature.wishes[0])
          client += """
            let \(name.lowercased()) = Feature(initialState: \(name)State(), definition: \(name)())
            \(name.lowercased()).accept(\(name)Wish\(wish))

            """
        } else if let machine = spec.machine {
          let guards = machine.guardNames
          client +=
            guards.isEmpty
            ? "_ = \(name).automaton\n"
            : "_ = \(name).automaton(guards: \(name).Guards("
              + guards.map { "\($0): { _, _ in true }" }.joined(separator: ", ") + "))\n"
          client += "_ = \(name)Event.self\n"
        }
        for (file, text) in texts {
          let url = folder.appendingPathComponent(file)
          try Data(text.utf8).write(to: url)
          files.append(url.path)
        }
      }
      let includes = [
        "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, "-Xcc",
        "-fmodule-map-file="
          + build.appendingPathComponent("CFinitaAtomics.build/module.modulemap").path,
      ]
      let module = try await KotlinTraceTests.runAllowingFailure(
        swiftc,
        files + includes + [
          "-parse-as-library", "-emit-module", "-module-name", "Generated",
          "-emit-module-path", folder.appendingPathComponent("Generated.swiftmodule").path,
        ])
      try #require(module.status == 0, "swiftc failed:\n\(module.errors.prefix(4_000))")
      let clientFile = folder.appendingPathComponent("client.swift")
      try Data(client.utf8).write(to: clientFile)
      let used = try await KotlinTraceTests.runAllowingFailure(
        swiftc, [clientFile.path, "-typecheck", "-I", folder.path] + includes)
      #expect(used.status == 0, "\(client)\n\(used.errors.prefix(4_000))")
    }
  }
#endif  // Spec
