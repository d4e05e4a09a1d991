#if Tools
  import ArgumentParser
  import FinitaSpec

  /// `finita trace SPEC`: prints the reference trace of a machine's scenarios.
  struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "trace",
      abstract: "Print the trace a machine's scenarios must give, in Swift and in Kotlin.",
      discussion: """
        Each scenario prints a `scenario N: steps` line, then one line per step. The generated
        Kotlin's main prints the same lines, and the generated Swift replay
        (<Name>Replay.scenarioTrace()) returns them: keep this trace beside the spec and compare
        both languages to it.

        Examples:
          finita trace Specs/turnstile.yaml
          finita trace Specs/turnstile.yaml > turnstile.trace
          diff turnstile.trace <(kotlin -cp build/turnstile.jar turnstile.TurnstileKt)
        """
    )

    @Argument(help: "The spec of a machine, with scenarios.")
    var spec: String

    func run() throws {
      let spec = try readSpecOrExit(spec)
      guard let machine = spec.machine else {
        printError(
          "\(spec.file): error: '\(spec.name)' is a feature; trace replays the scenarios of "
            + "machines. A feature's trace depends on the Actor and Reducer you fill in, which "
            + "the spec does not hold: `finita generate kotlin` writes a main that prints it, "
            + "and FinitaSpec's SwiftGenerator.replay() and replayMain() a Swift program that "
            + "prints the same lines")
        throw ExitCode.failure
      }
      if machine.scenarios.isEmpty {
        printError(
          "\(spec.file): note: '\(spec.name)' has no scenarios, so its trace is empty; add "
            + "`scenarios:` with lists of events to the spec")
      }
      for line in SpecMachine(machine).scenarioTrace {
        print(line)
      }
    }
  }
#endif  // Tools
