#if Tools
  import ArgumentParser
  import FinitaSpec
  import Foundation

  /// `finita generate swift|kotlin SPEC`.
  struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "generate",
      abstract: "Generate Swift or Kotlin from a spec.",
      discussion: """
        Nothing is written when the spec has an error.

        Examples:
          finita generate swift Specs/turnstile.yaml --output Sources/App --tests Tests/AppTests
          finita generate kotlin Specs/turnstile.yaml --output app/src/main/kotlin
        """,
      subcommands: [SwiftCommand.self, KotlinCommand.self]
    )
  }

  /// `finita generate swift SPEC`.
  struct SwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "swift",
      abstract: "Generate the Swift types and table (or feature skeleton) and their tests.",
      discussion: """
        For a machine: <Name>.swift holds the state, event and output enums and the
        FinitaAutomaton table; <Name>CoverTests.swift has one Swift Testing test per path of the
        transition cover. For a feature: <Name>.swift holds the State, Wish, Effect and News types,
        <Name>+Definition.swift a FeatureDefinition to fill in (written only when missing), and
        <Name>Tests.swift a FeatureTester test per wish. With --public, the types and the
        skeleton are public, for a library used by other modules.

        Example:
          finita generate swift Specs/turnstile.yaml --output Sources/App --tests Tests/AppTests \\
            --module App
        """
    )

    @Argument(help: "The spec file.")
    var spec: String

    @Option(help: "The folder for the types.")
    var output = "."

    @Option(help: "The folder for the test file; no test file when omitted.")
    var tests: String?

    @Option(help: "The module the tests import with @testable.")
    var module: String?

    @Flag(
      name: .customLong("public"),
      help: "Make the types and the feature skeleton public, for use from other modules.")
    var isPublic = false

    func run() throws {
      let spec = try readSpecOrExit(spec)
      let generator = SwiftGenerator(spec: spec, testedModule: module, isPublic: isPublic)
      try write(generator.types(), to: output, name: generator.typesFileName)
      if spec.feature != nil {
        let skeleton = URL(fileURLWithPath: output).appendingPathComponent(
          generator.skeletonFileName)
        if FileManager.default.fileExists(atPath: skeleton.path) {
          print("kept \(skeleton.path)")
        } else {
          try write(generator.featureSkeleton(), to: output, name: generator.skeletonFileName)
        }
      }
      if let tests {
        try write(generator.tests(), to: tests, name: generator.testsFileName)
      }
    }
  }

  /// `finita generate kotlin SPEC`.
  struct KotlinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "kotlin",
      abstract: "Generate Kotlin in MVICore's shapes, with a replay main.",
      discussion: """
        For a machine, <Name>.kt holds sealed classes for the states, wishes, effects and news,
        an Actor, a Reducer and a NewsPublisher over the table, and a main that replays the spec's
        scenarios (or the scenarios given as arguments) and prints the same trace as the Swift
        machine. For a feature, it holds a data class State, sealed classes for the Wish, Effect
        and News cases, an Actor and a Reducer to fill in, the Bootstrapper, PostProcessor and
        NewsPublisher the spec asks for, and a class wiring them.

        Example:
          finita generate kotlin Specs/turnstile.yaml --output build/kotlin
          kotlinc build/kotlin/Turnstile.kt -d build/turnstile.jar
          kotlin -cp build/turnstile.jar turnstile.TurnstileKt "coin, push"
        """
    )

    @Argument(help: "The spec file of a machine or a feature.")
    var spec: String

    @Option(help: "The folder for the Kotlin file.")
    var output = "."

    @Option(help: "The Kotlin package; the spec's name in lower case by default.")
    var package: String?

    func run() throws {
      let spec = try readSpecOrExit(spec)
      let generator = KotlinGenerator(spec: spec, package: package)
      let source: String
      do {
        source = try generator.source()
      } catch {
        printError(error.description)
        throw ExitCode.failure
      }
      try write(source, to: output, name: generator.fileName)
    }
  }
#endif  // Tools
