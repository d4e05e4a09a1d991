/// The tour: every section in the order it runs, in this one place.
///
/// `finita tour` runs the sections every build has. The sections that need an outside package
/// run only with `finita tour --all`, in a build with their trait (`Tools` turns on both); when
/// they are left out, the tour's last line names them and says how to run them.
/// `Scripts/tour-sections.txt` lists the headings the CI expects, in the same order.
enum Tour {
  /// The command that runs every section.
  static let fullCommand = "swift run --traits Tools finita tour --all"

  /// Runs the tour.
  ///
  /// - Parameter all: Also run the sections that need swift-log or the local HTTP server, when
  ///   this build has them.
  static func run(all: Bool) async {
    var output = TourOutput()
    var leftOut: [TraitSection] = []
    func include(_ section: TraitSection) async {
      if all, let run = section.run {
        await run(&output)
      } else {
        leftOut.append(section)
      }
    }

    output.title("Finita tour")
    await CounterTour.run(&output)
    await BootstrapperTour.run(&output)
    await AutomatonTour.run(&output)
    await MachinesTour.run(&output)
    await ParsingTour.run(&output)
    await FeedbackLoopTour.run(&output)
    await CompositionTour.run(&output)
    await ExamplesTour.run(&output)
    await include(.httpPaginator)
    await StatechartTour.run(&output)
    await ReduxTour.run(&output)
    await ReduxTour.thunks(&output)
    await ReduxTour.users(&output)
    await include(.logging)
    await ObservingTour.run(&output)
    await RecordingTour.run(&output)

    output.end(leftOut: leftOut.map(\.name), command: fullCommand)
  }
}

/// A section that needs a package trait: compiled in only with it, and run only when asked.
enum TraitSection {
  /// The paginator against a local Hummingbird server (`HTTPExamples`).
  case httpPaginator
  /// Every stage of a feature logged with swift-log (`Logging`).
  case logging

  /// How the tour's last line names it when it is left out.
  var name: String {
    switch self {
    case .httpPaginator: "the paginator over HTTP (trait HTTPExamples)"
    case .logging: "logging with swift-log (trait Logging)"
    }
  }

  /// The section, or `nil` when this build was made without its trait.
  var run: ((inout TourOutput) async -> Void)? {
    switch self {
    case .httpPaginator:
      #if HTTPExamples
        return HTTPPaginatorTour.run
      #else
        return nil
      #endif
    case .logging:
      #if Logging
        return ObservingTour.logging
      #else
        return nil
      #endif
    }
  }
}
