#if Tools
  import ArgumentParser
  import FinitaSpec

  /// `finita check SPEC...`: reads and validates specs.
  struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Validate specs and report every problem with its line and column.",
      discussion: """
        Problems are printed on standard error as file:line:column: error: message, so editors
        and CI annotate the line; what valid specs hold is printed on standard output. The exit
        status is 1 when a spec has an error.

        Examples:
          finita check Specs/*.yaml
          finita check Specs/turnstile.yaml --matrix
          finita check Specs/turnstile.yaml --format json
        """
    )

    /// How to print the results.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, json
    }

    @Argument(help: "The spec files (YAML or JSON).")
    var specs: [String]

    @Option(help: "text (compiler-style lines) or json (for tools).")
    var format: Format = .text

    @Flag(help: "Print the state × event matrix of each valid machine.")
    var matrix = false

    func run() throws {
      let checks = specs.map { (file: $0, check: SpecReader.check(contentsOf: $0)) }
      switch format {
      case .json:
        print(SpecReport.json(checks))
      case .text:
        for (_, check) in checks {
          // Problems go to standard error, as `graph` and `generate` print them.
          for diagnostic in check.diagnostics {
            printError(diagnostic.description)
          }
          guard check.errors.isEmpty, let spec = check.spec else { continue }
          print(SpecReport.summary(spec))
          if matrix, let machine = spec.machine {
            print(SpecReport.matrix(machine))
          }
        }
        let failed = checks.filter { !$0.check.errors.isEmpty }.count
        if failed > 0 {
          let errors = checks.reduce(0) { $0 + $1.check.errors.count }
          printError(
            "\(errors) error\(errors == 1 ? "" : "s") in \(failed) of \(checks.count) spec(s)")
        }
      }
      if checks.contains(where: { !$0.check.errors.isEmpty }) {
        throw ExitCode.failure
      }
    }
  }
#endif  // Tools
