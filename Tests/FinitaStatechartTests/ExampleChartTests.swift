import FinitaExamples
import FinitaStatechart
import Testing

@Suite("Statechart examples")
struct ExampleChartTests {
  @Test("the music player buffers, streams, and resumes where it paused")
  func musicPlayer() {
    var run = VirtualTime(MusicPlayerChart.chart)
    #expect(run.machine.configuration == ["stopped"])
    run.send("play")
    #expect(run.machine.configuration == ["buffering"])
    #expect(run.outputs == ["startAudio", "showSpinner"])
    run.send("buffered")
    #expect(run.machine.configuration == ["streaming"])
    run.send("play")  // pressing play again pauses
    #expect(run.machine.configuration == ["paused"])
    run.send("play")
    #expect(run.machine.configuration == ["streaming"])
    run.send("next")
    #expect(run.machine.configuration == ["buffering"])
    run.send("stop")
    #expect(run.machine.configuration == ["stopped"])
    run.send("stop")  // ignored
    #expect(run.machine.configuration == ["stopped"])
    #expect(
      run.outputs == [
        "startAudio", "showSpinner", "hideSpinner", "stopAudio", "startAudio", "stopAudio",
        "nextTrack", "startAudio", "showSpinner", "hideSpinner", "stopAudio",
      ])
    #expect(MusicPlayerChart.chart.validate().isEmpty)
  }

  @Test("the call tracker reports a call that went through every step")
  func callTrackerCall() {
    var run = VirtualTime(CallTrackerChart.chart)
    for event in [
      "didBecomeActive", "trackOutgoingCall", "willResignActive", "didBecomeActive",
      "willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive",
    ] {
      run.send(event)
    }
    #expect(run.machine.configuration == ["idle"])
    #expect(run.outputs == ["callEnded"])
    run.advance(by: .seconds(5))  // the cancelled timer never fires
    #expect(run.outputs == ["callEnded"])
    #expect(CallTrackerChart.chart.validate().isEmpty)
  }

  @Test("the call tracker gives up when the app stays active after the alert")
  func callTrackerCancelled() {
    var run = VirtualTime(CallTrackerChart.chart)
    for event in ["trackOutgoingCall", "willResignActive", "didBecomeActive"] {
      run.send(event)
    }
    #expect(run.machine.configuration == ["waiting"])
    run.advance(by: .milliseconds(999))
    #expect(run.machine.configuration == ["waiting"])
    run.advance(by: .milliseconds(1))
    #expect(run.machine.configuration == ["idle"])
    #expect(run.outputs.isEmpty)
  }

  @Test("an unexpected event during a call resets the tracker in one transition")
  func callTrackerReset() {
    var run = VirtualTime(CallTrackerChart.chart)
    run.send("trackOutgoingCall")
    run.send("didEnterBackground")
    #expect(run.machine.configuration == ["idle"])
    #expect(run.outputs == ["reset"])
  }
}
