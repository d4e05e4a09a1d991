#if Tools
  import ArgumentParser
  import FinitaSpec
  import Foundation

  /// `finita new feature NAME`.
  struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "new",
      abstract: "Start something new from a template.",
      discussion: "Example: finita new feature Profile --news --async",
      subcommands: [NewFeatureCommand.self]
    )
  }

  /// `finita new feature NAME [--news] [--bootstrapper] [--post-processor] [--async]`.
  struct NewFeatureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "feature",
      abstract: "Scaffold a feature, its UIStateMapper and its FeatureTester test.",
      discussion: """
        Writes <Name>.swift and <Name>UIStateMapper.swift into --output, and <Name>Tests.swift
        into --tests; they build and the test passes as written. A test in another folder
        imports the feature's module with @testable: --module names it, or it is the folder
        under Sources in --output. Existing files are not replaced.

        Examples:
          finita new feature Profile
          finita new feature Profile --news --async --output Sources/App/Profile \\
            --tests Tests/AppTests
        """
    )

    @Argument(help: "The feature's name, such as Profile.")
    var name: String

    @Flag(help: "Publish news.")
    var news = false

    @Flag(help: "Add a Bootstrapper.")
    var bootstrapper = false

    @Flag(help: "Add a PostProcessor.")
    var postProcessor = false

    @Flag(help: "Load asynchronously.")
    var async = false

    @Option(help: "The folder for the feature; ./<Name> by default.")
    var output: String?

    @Option(help: "The folder for the test; the feature's folder by default.")
    var tests: String?

    @Option(help: "The module a test in another folder imports; from --output's Sources/<Module>.")
    var module: String?

    func run() throws {
      var parts: FeatureScaffold.Part = []
      if news { parts.insert(.news) }
      if bootstrapper { parts.insert(.bootstrapper) }
      if postProcessor { parts.insert(.postProcessor) }
      if async { parts.insert(.async) }
      let sources = output ?? name
      var testedModule = module
      if let tests, tests != sources, testedModule == nil {
        testedModule = FeatureScaffold.module(ofFolder: sources)
        guard testedModule != nil else {
          printError(
            "error: the test goes to \(tests), another target than \(sources), so it imports the "
              + "feature's module; name it with --module, such as '--module App'")
          throw ExitCode.validationFailure
        }
      }
      let scaffold = FeatureScaffold(name: name, parts: parts, testedModule: testedModule)
      if let problem = scaffold.nameProblem {
        printError("error: \(problem)")
        throw ExitCode.validationFailure
      }
      let existing = scaffold.files.map {
        URL(fileURLWithPath: $0.isTest ? (tests ?? sources) : sources).appendingPathComponent(
          $0.name)
      }.filter { FileManager.default.fileExists(atPath: $0.path) }
      guard existing.isEmpty else {
        printError(
          "error: \(existing.map(\.path).joined(separator: ", ")) already exist(s); nothing written"
        )
        throw ExitCode.failure
      }
      for file in scaffold.files {
        try write(file.text, to: file.isTest ? (tests ?? sources) : sources, name: file.name)
      }
    }
  }
#endif  // Tools
