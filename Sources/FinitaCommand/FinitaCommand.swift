import ArgumentParser

/// The `finita` command line.
@main
struct FinitaCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "finita",
    abstract: "Finita: state machines for Swift apps and services.",
    subcommands: [TourCommand.self]
  )
}

/// `finita tour`: runs the examples in scripted sessions and prints what happens.
struct TourCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tour",
    abstract: "Run each example in a scripted session and print every step."
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
    output.flush()
  }
}
