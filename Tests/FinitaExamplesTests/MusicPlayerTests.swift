import Finita
import FinitaExamples
import FinitaTesting
import Testing

@Suite("Music player (seed 002)", .timeLimit(.minutes(1)))
struct MusicPlayerTests {
  let playlist = [
    Track(title: "Blood Type", artist: "Kino"),
    Track(title: "Summer", artist: "Kino"),
    Track(title: "Star", artist: "Kino"),
  ]

  private func makeTester() -> FeatureTester<MusicPlayer> {
    FeatureTester(initialState: MusicPlayerState(playlist: playlist), definition: MusicPlayer())
  }

  @Test("play, pause, play resumes, next plays the next track, stop stops")
  func playPauseNextStop() async {
    let tester = makeTester()
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.startedPlaying(playlist[0]))
    await tester.send(.pause) { $0.status = .paused }
    tester.expectNews(.paused(playlist[0]))
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.resumed(playlist[0]))
    await tester.send(.next) { $0.trackIndex = 1 }
    tester.expectNews(.startedPlaying(playlist[1]))
    await tester.send(.stop) { $0.status = .stopped }
    tester.expectNews(.stopped)
    await tester.finish()
  }

  @Test("pressing stop again is ignored")
  func repeatedStop() async {
    let tester = makeTester()
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.startedPlaying(playlist[0]))
    await tester.send(.stop) { $0.status = .stopped }
    tester.expectNews(.stopped)
    await tester.send(.stop)
    await tester.send(.stop)
    await tester.finish()
  }

  @Test("pressing play again and again starts and pauses the music in turn")
  func playToggles() async {
    let tester = makeTester()
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.startedPlaying(playlist[0]))
    await tester.send(.play) { $0.status = .paused }
    tester.expectNews(.paused(playlist[0]))
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.resumed(playlist[0]))
    await tester.send(.play) { $0.status = .paused }
    tester.expectNews(.paused(playlist[0]))
    await tester.finish()
  }

  @Test("next goes round the playlist; stopped it only selects, paused it waits paused")
  func nextOverThePlaylist() async {
    let tester = makeTester()
    await tester.send(.next) { $0.trackIndex = 1 }
    await tester.send(.next) { $0.trackIndex = 2 }
    await tester.send(.next) { $0.trackIndex = 0 }
    await tester.send(.pause)
    await tester.send(.play) { $0.status = .playing }
    tester.expectNews(.startedPlaying(playlist[0]))
    await tester.send(.pause) { $0.status = .paused }
    tester.expectNews(.paused(playlist[0]))
    await tester.send(.next) { $0.trackIndex = 1 }
    tester.expectNews(.paused(playlist[1]))
    await tester.finish()
  }

  @Test("an empty playlist ignores every button")
  func emptyPlaylist() async {
    let tester = FeatureTester(
      initialState: MusicPlayerState(playlist: []), definition: MusicPlayer())
    for button in PlayerButton.allCases {
      await tester.send(button)
    }
    await tester.finish()
  }

  @Test("the status table is valid")
  func valid() throws {
    try MusicPlayer.table.validate()
  }
}
