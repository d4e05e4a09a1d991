import Finita
import FinitaExamples
import FinitaRecording

enum RecordingTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Recording: the call tracker recorded, travelled back three steps, replayed")
    let recorder = FeatureRecorder(capacity: 1_000)
    let tracker = Feature(
      initialState: CallState.none,
      definition: CallTracker(),
      configuration: .init(name: "CallTracker", interceptors: [recorder])
    )
    let events: [CallEvent] = [
      .trackOutgoingCall, .willResignActive, .didBecomeActive, .willResignActive,
      .didEnterBackground, .willEnterForeground, .didBecomeActive,
    ]
    for event in events { tracker.accept(event) }
    // The cancelled timer's task ends on its own thread; its end is a step of the recording.
    await tracker.idle()
    guard let recording = recorder.recording(of: CallTracker.self, named: "CallTracker") else {
      output.note("Nothing was recorded.")
      return
    }
    let stateSteps = recording.stateStepIndices.count
    output.note(
      "recorded \(recording.steps.count) steps: \(recording.wishes.count) wishes, "
        + "\(stateSteps) states, the news callEnded; the state is \(tracker.state)")

    let travel = TimeTravelController(feature: tracker, recording: recording)
    for _ in 0..<3 {
      let frame = travel.stepBack()
      output.note("back to frame \(frame) of \(travel.frames.count - 1): \(tracker.state)")
    }
    tracker.accept(.trackOutgoingCall)
    output.note("a wish sent while travelling is held: the state is still \(tracker.state)")
    travel.returnToLive()
    output.note("live again, the held wish handled: \(tracker.state)")
    tracker.dispose()

    let result = recording.replay { clock in CallTracker(clock: clock) }
    if let divergence = result.divergence {
      output.note("replay diverged: \(divergence)")
    } else {
      output.note(
        "replayed \(result.wishes) wishes into a fresh CallTracker: no divergence "
          + "(\(result.comparedSteps) states and news compared, final state "
          + "\(result.finalState))")
    }
  }
}
