#if Tools
  import ArgumentParser

  /// The `finita` command line.
  @main
  struct FinitaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "finita",
      abstract: "Finita: state machines for Swift apps and services.",
      discussion: """
        Check, draw and generate Swift and Kotlin from one spec of a machine or a feature:

          finita check Specs/turnstile.yaml
          finita graph Specs/turnstile.yaml --format mermaid
          finita generate swift Specs/turnstile.yaml --output Sources/App
          finita generate kotlin Specs/turnstile.yaml --output android/src

        Without a subcommand, finita runs the tour.
        """,
      subcommands: [
        TourCommand.self, CheckCommand.self, GraphCommand.self, GenerateCommand.self,
        NewCommand.self, ImportCommand.self, InspectCommand.self, TraceCommand.self,
      ],
      defaultSubcommand: TourCommand.self
    )
  }

  /// `finita tour`: runs the examples in scripted sessions and prints what happens.
  struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tour",
      abstract: "Run each example in a scripted session and print every step.",
      discussion: """
        Examples: finita tour
                  finita tour --all   (adds the sections on swift-log and on a local HTTP server)
        """
    )

    @Flag(help: "Also run the sections that need swift-log and a local HTTP server.")
    var all = false

    func run() async throws {
      await Tour.run(all: all)
    }
  }
#else
  import Foundation

  /// The `finita` command line as built without the Tools trait: the tour and nothing else, so
  /// that `swift run finita tour` builds no outside package. Every other command says how to
  /// build the full command line.
  @main
  enum FinitaCommand {
    static func main() async {
      let arguments = Array(CommandLine.arguments.dropFirst())
      switch arguments {
      case [], ["tour"]:
        await Tour.run(all: false)
      case ["help"], ["-h"], ["--help"], ["tour", "-h"], ["tour", "--help"]:
        print(usage)
      default:
        let command = arguments.joined(separator: " ")
        FileHandle.standardError.write(
          Data(
            """
            error: 'finita \(command)' needs the full command line, which this build leaves out.
            Build it with the Tools trait (it adds swift-argument-parser, Yams, swift-log, \
            Hummingbird and swift-nio):

                swift run --traits Tools finita \(command)

            """.utf8
          )
        )
        exit(64)
      }
    }

    static let usage = """
      USAGE: finita tour

      Runs each example in a scripted session and prints every step.

      This build of finita has the tour only. The other commands (tour --all, check, graph,
      generate, new, import, inspect) come with the Tools trait:

          swift run --traits Tools finita --help
      """
  }
#endif  // Tools
