import FinitaStatechart

/// The music player of seed 002 as a statechart: `playing` is a compound state that buffers,
/// then streams, and a history state brings it back to where it was after a pause.
///
/// ```
/// stopped --play--> playing [buffering --buffered--> streaming]
/// playing --play, pause--> paused --play--> playing (history: buffering or streaming)
/// playing, paused --stop--> stopped
/// ```
///
/// Outputs tell the audio engine what to do: `startAudio` and `stopAudio` when `playing` is
/// entered and exited, `showSpinner` and `hideSpinner` around buffering, `nextTrack` on `next`.
///
/// ```swift
/// let player = Feature(statechart: MusicPlayerChart.chart, clock: ContinuousClock())
/// let subscription = player.observeNews { output in audioEngine.perform(output) }
/// player.accept("play")  // news: startAudio, showSpinner
/// ```
public enum MusicPlayerChart {
  /// The chart. Its declaration is checked by the tests, so building it cannot fail.
  public static let chart: Statechart = {
    do {
      return try Statechart(name: "music player", initial: "stopped") {
        State("stopped") {
          On("play", to: "playing")
          On("next", actions: .emit("nextTrack"))
        }
        State("playing", initial: "buffering") {
          Entry(.emit("startAudio"))
          Exit(.emit("stopAudio"))
          History("resume", deep: true, default: "buffering")
          State("buffering") {
            Entry(.emit("showSpinner"))
            Exit(.emit("hideSpinner"))
            On("buffered", to: "streaming")
          }
          State("streaming") {
            On("stalled", to: "buffering")
          }
          On("play pause", to: "paused")
          On("stop", to: "stopped")
          On("next", to: "playing", actions: .emit("nextTrack"))
        }
        State("paused") {
          On("play", to: "resume")
          On("stop", to: "stopped")
          On("next", to: "playing", actions: .emit("nextTrack"))
        }
      }
    } catch {
      preconditionFailure("Internal inconsistency: the music player chart is invalid: \(error)")
    }
  }()
}
