#if Tools
  import ArgumentParser
  import FinitaAutomaton
  import FinitaSpec
  import Foundation

  /// `finita import DOT`: a learned machine as a spec.
  struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Turn a learned Mealy or Moore machine in DOT into a spec.",
      discussion: """
        Example:
          finita import learned.dot --name Door > Specs/door.yaml
          finita import learned-moore.dot --moore --name Light > Specs/light.yaml
        """
    )

    @Argument(help: "The DOT file, as LearnLib or AALpy write it.")
    var file: String

    @Option(help: "The machine's name in the spec.")
    var name = "Learned"

    @Flag(help: "States carry the outputs (Moore) instead of edges (Mealy).")
    var moore = false

    func run() throws {
      let text: String
      switch SpecFile.text(at: file) {
      case .success(let read): text = read
      case .failure(let problem):
        printError("\(file):1:1: error: \(problem.message)")
        throw ExitCode.failure
      }
      do {
        print(try SpecImporter.yaml(fromDOT: text, name: name, moore: moore), terminator: "")
      } catch {
        printError("\(file):\(error.line):\(error.column): error: \(error.message) \(error.hint)")
        throw ExitCode.failure
      }
    }
  }
#endif  // Tools
