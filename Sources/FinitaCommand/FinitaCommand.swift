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
      NewCommand.self, ImportCommand.self, InspectCommand.self,
    ],
    defaultSubcommand: TourCommand.self
  )
}

/// `finita tour`: runs the examples in scripted sessions and prints what happens.
struct TourCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tour",
    abstract: "Run each example in a scripted session and print every step.",
    discussion: "Example: finita tour"
  )

  func run() async throws {
    var output = TourOutput()
    output.title("Finita tour")
    await CounterTour.run(&output)
    await AutomatonTour.run(&output)
    await CompositionTour.run(&output)
    await ExamplesTour.run(&output)
    await ReduxTour.run(&output)
    await ObservingTour.run(&output)
    await RecordingTour.run(&output)
    output.flush()
  }
}
