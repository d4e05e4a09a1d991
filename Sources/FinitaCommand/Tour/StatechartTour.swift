import Finita
import FinitaExamples
import FinitaStatechart

/// The call tracker and the music player of `FinitaExamples` again, as statecharts: states
/// inside states, a transition declared once for all the children, and a history state.
enum StatechartTour {
  static func run(_ output: inout TourOutput) async {
    await callTracker(&output)
    await musicPlayer(&output)
  }

  // MARK: - Call tracker

  private static func callTracker(_ output: inout TourOutput) async {
    output.section("Statechart call tracker: the steps of a call inside one tracking state")
    let tracker = feature(CallTrackerChart.chart, named: "CallTrackerChart")
    let call = [
      "trackOutgoingCall", "willResignActive", "didBecomeActive", "willResignActive",
      "didEnterBackground", "willEnterForeground", "didBecomeActive",
    ]
    for event in call { tracker.accept(event) }
    // The waiting timer's task, cancelled on leaving `waiting`, may end on another thread, which
    // then handles the events queued meanwhile: wait for it, so the note comes after them.
    await tracker.idle()
    output.note("(a call the tracker does not expect: '*' on tracking resets it from any step)")
    for event in ["trackOutgoingCall", "didEnterBackground"] { tracker.accept(event) }
    await tracker.idle()
    tracker.dispose()
  }

  // MARK: - Music player

  private static func musicPlayer(_ output: inout TourOutput) async {
    output.section("Statechart music player: playing buffers then streams; history resumes it")
    let player = feature(MusicPlayerChart.chart, named: "MusicPlayerChart")
    for event in ["play", "buffered", "pause", "play", "next", "stop"] { player.accept(event) }
    await player.idle()
    player.dispose()
  }

  /// A chart running as a feature that prints its events, its outputs (news) and each new
  /// configuration.
  private static func feature(
    _ chart: Statechart, named name: String
  ) -> Feature<StatechartDefinition> {
    Feature(
      initialState: StatechartMachine(chart),
      definition: StatechartDefinition(chart, clock: ContinuousClock()),
      configuration: .init(name: name),
      trace: chartPrinter()
    )
  }

  /// Prints each event, each output and each configuration that differs from the last one.
  private static func chartPrinter()
    -> @Sendable (FeatureTraceEvent<StatechartDefinition>) ->
    Void
  {
    let last = LockedValue<[String]>([])
    return { event in
      switch event {
      case .wish(let name):
        print("   event   \(name)")
      case .state(_, let machine, _):
        let active = machine.activeStates
        let changed = last.withLock { last in
          defer { last = active }
          return last != active
        }
        if changed { print("   states  \(active.joined(separator: " > "))") }
      case .news(let output):
        print("   news    \(output)")
      default:
        break
      }
    }
  }
}
