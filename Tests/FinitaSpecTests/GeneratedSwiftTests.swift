#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// The Swift generated from the seed specs is committed in Tests/FinitaSpecGeneratedTests,
  /// where it is compiled and its cover tests run; these tests regenerate it and compare.
  @Suite("Generated Swift")
  struct GeneratedSwiftTests {
    static let folder = SpecFixtures.root.appendingPathComponent("Tests/FinitaSpecGeneratedTests")

    @Test("the committed Swift of every seed spec is what the generator writes now")
    func committedCodeIsCurrent() throws {
      for url in SpecFixtures.seedSpecs {
        let spec = try SpecFixtures.seed(url)
        let generator = SwiftGenerator(spec: spec)
        try SpecFixtures.assertGolden(
          generator.types(), at: Self.folder.appendingPathComponent(generator.typesFileName))
        try SpecFixtures.assertGolden(
          generator.tests(), at: Self.folder.appendingPathComponent(generator.testsFileName))
        if spec.feature != nil {
          try SpecFixtures.assertGolden(
            generator.featureSkeleton(),
            at: Self.folder.appendingPathComponent(generator.skeletonFileName))
        }
      }
    }

    @Test("the cover tests take every transition of the turnstile")
    func coverTakesEveryTransition() throws {
      let spec = try SpecFixtures.seed(
        SpecFixtures.root.appendingPathComponent("Specs/turnstile.yaml"))
      let machine = try #require(spec.machine)
      let cover = SpecMachine(machine).transitionCover
      #expect(cover.uncovered.isEmpty)
      #expect(cover.coveredCount == machine.transitions.count)
    }

    @Test("the scenario trace describes each step as the automaton does")
    func scenarioTrace() throws {
      let spec = try SpecFixtures.seed(
        SpecFixtures.root.appendingPathComponent("Specs/parking-meter.yaml"))
      let trace = SpecMachine(try #require(spec.machine)).scenarioTrace
      #expect(
        trace == [
          "scenario 1: enterPlate, insert if notEnough, insert if enough, leave",
          "idle -> awaitingPayment / requestPayment",
          "stayed in awaitingPayment / insufficient",
          "awaitingPayment -> paid / giveChange",
          "paid -> idle",
          "scenario 2: leave, enterPlate, insert, enterPlate",
          "undefined leave in idle",
          "idle -> awaitingPayment / requestPayment",
          "ignored insert in awaitingPayment",
          "undefined enterPlate in awaitingPayment",
        ])
    }
  }

  /// The scaffolds of `finita new feature` are committed in
  /// Tests/FinitaSpecGeneratedTests/Scaffold, where they build and their tests run.
  @Suite("Feature scaffold")
  struct FeatureScaffoldTests {
    static let folder = SpecFixtures.root.appendingPathComponent(
      "Tests/FinitaSpecGeneratedTests/Scaffold")

    static let scaffolds = [
      FeatureScaffold(name: "Greeting"),
      FeatureScaffold(
        name: "Profile", parts: [.news, .bootstrapper, .postProcessor, .async]),
    ]

    @Test("the committed scaffolds are what `finita new feature` writes now")
    func committedScaffoldsAreCurrent() throws {
      for scaffold in Self.scaffolds {
        for file in scaffold.files {
          try SpecFixtures.assertGolden(
            file.text, at: Self.folder.appendingPathComponent(file.name))
        }
      }
    }

    @Test("a name that cannot name a type is refused")
    func badNames() {
      #expect(FeatureScaffold(name: "profile").nameProblem != nil)
      #expect(FeatureScaffold(name: "Any").nameProblem != nil)
      #expect(FeatureScaffold(name: "My Feature").nameProblem != nil)
      #expect(FeatureScaffold(name: "Profile").nameProblem == nil)
    }

    @Test("a name the generated code already uses, or an over-long one, is refused")
    func reservedNames() {
      for name in ["String", "Feature", "State", "Effects", "FeatureTester"] {
        #expect(
          FeatureScaffold(name: name).nameProblem?.contains("already uses") == true, "\(name)")
      }
      let long = "P" + String(repeating: "a", count: 299)
      #expect(FeatureScaffold(name: long).nameProblem?.contains("300 characters") == true)
    }

    @Test("a test in another target imports the feature's module with @testable")
    func testInAnotherTarget() throws {
      let scaffold = FeatureScaffold(name: "Profile", testedModule: "App")
      let test = try #require(scaffold.files.first { $0.isTest }).text
      #expect(test.contains("import Testing\n\n@testable import App\n"))
      #expect(!FeatureScaffold(name: "Profile").tests.contains("@testable"))
      #expect(FeatureScaffold.module(ofFolder: "Sources/App/Profile") == "App")
      #expect(FeatureScaffold.module(ofFolder: "./Sources/App") == "App")
      #expect(FeatureScaffold.module(ofFolder: "Profile") == nil)
      #expect(FeatureScaffold(name: "Profile", testedModule: "my app").nameProblem != nil)
    }
  }

  /// The Kotlin and the scenario traces of the seed machines are kept as golden files, so a
  /// change to either generator shows in review; KotlinTraceTests compiles and runs the Kotlin.
  @Suite("Generated Kotlin and traces")
  struct KotlinGoldenTests {
    @Test("the Kotlin of every seed spec and the trace of every machine match their golden files")
    func goldenKotlinAndTraces() throws {
      for url in SpecFixtures.seedSpecs {
        let spec = try SpecFixtures.seed(url)
        let generator = KotlinGenerator(spec: spec)
        try SpecFixtures.assertGolden(
          try generator.source(),
          at: SpecFixtures.golden.appendingPathComponent("Kotlin/\(generator.fileName)"))
        guard let machine = spec.machine else { continue }
        let trace = SpecMachine(machine).scenarioTrace.joined(separator: "\n") + "\n"
        try SpecFixtures.assertGolden(
          trace, at: SpecFixtures.golden.appendingPathComponent("Traces/\(spec.name).txt"))
      }
    }
  }
#endif  // Spec
