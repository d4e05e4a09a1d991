import Finita
import FinitaRecording
import FinitaTesting
import Testing

@Suite("Time travel over a recording")
struct TimeTravelControllerTests {
  @Test("step back three times, hold a wish, go back to live: the held wish applies to live")
  func stepBackAndReturn() throws {
    let recorder = FeatureRecorder()
    let feature = Feature(
      initialState: Tracker.State(),
      definition: Tracker(clock: VirtualClock()),
      configuration: .init(name: "tracker", interceptors: [recorder])
    )
    for _ in 0..<4 { feature.accept(.increment) }
    let recording = try #require(recorder.recording(of: Tracker.self))
    let travel = TimeTravelController(feature: feature, recording: recording)
    #expect(travel.frames.map(\.state.count) == [0, 1, 2, 3, 4])
    travel.stepBack()
    travel.stepBack()
    #expect(travel.stepBack() == 1)
    #expect(feature.state.count == 1)
    feature.accept(.increment)
    #expect(feature.state.count == 1)
    #expect(travel.stepForward() == 2)
    #expect(feature.state.count == 2)
    travel.returnToLive()
    #expect(travel.currentFrame == nil)
    #expect(feature.state.count == 5)
  }

  @Test("continuing from a frame starts a new branch from it; jumps are clamped")
  func continueFromFrame() throws {
    let recorder = FeatureRecorder()
    let feature = Feature(
      initialState: Tracker.State(),
      definition: Tracker(clock: VirtualClock()),
      configuration: .init(interceptors: [recorder])
    )
    for _ in 0..<3 { feature.accept(.increment) }
    let travel = TimeTravelController(
      feature: feature,
      recording: try #require(recorder.recording(of: Tracker.self))
    )
    #expect(travel.jump(to: -5) == 0)
    #expect(travel.jump(to: 99) == 3)
    travel.jump(to: 1)
    travel.continueFromHere()
    feature.accept(.increment)
    #expect(feature.state.count == 2)
  }
}
