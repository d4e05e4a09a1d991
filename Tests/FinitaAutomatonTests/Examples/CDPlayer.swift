import FinitaAutomaton

/// The CD player of Boost.MSM's tutorial: 5 states, 6 events, 12 transitions; a Mealy machine
/// whose outputs are the actions the player performs.
enum CDState: Hashable, CaseIterable, Sendable {
  case empty
  case open
  case stopped
  case playing
  case paused
}

enum CDEvent: AutomatonEvent, CaseIterable {
  case play
  case openClose
  case stop
  case pause
  case endPause
  case cdDetected
}

enum CDAction: Hashable, Sendable {
  case startPlayback
  case openDrawer
  case closeDrawer
  case storeCDInfo
  case stopPlayback
  case pausePlayback
  case stopAndOpen
  case resumePlayback
  case stoppedAgain
}

enum CDPlayer {
  static let automaton = make()

  /// The player; with a log, its entry and exit actions write to it.
  static func make(log: ActionLog? = nil) -> Automaton<CDState, CDEvent, CDAction> {
    Automaton {
      Initial(.empty)
      Transition(from: .stopped, to: .playing, by: .play).output(.startPlayback)
      Transition(from: .stopped, to: .open, by: .openClose).output(.openDrawer)
      Transition(within: .stopped, by: .stop).output(.stoppedAgain)
      Transition(from: .open, to: .empty, by: .openClose).output(.closeDrawer)
      Transition(from: .empty, to: .open, by: .openClose).output(.openDrawer)
      Transition(from: .empty, to: .stopped, by: .cdDetected).output(.storeCDInfo)
      Transition(from: .playing, to: .stopped, by: .stop).output(.stopPlayback)
      Transition(from: .playing, to: .paused, by: .pause).output(.pausePlayback)
      Transition(from: .playing, to: .open, by: .openClose).output(.stopAndOpen)
      Transition(from: .paused, to: .playing, by: .endPause).output(.resumePlayback)
      Transition(from: .paused, to: .stopped, by: .stop).output(.stopPlayback)
      Transition(from: .paused, to: .open, by: .openClose).output(.stopAndOpen)
      if let log {
        OnEntry(.playing, "spin up") { event in log.append("enter playing on \(event)") }
        OnExit(.playing, "spin down") { event in log.append("exit playing on \(event)") }
        OnEntry(.stopped) { event in log.append("enter stopped on \(event)") }
        OnExit(.stopped) { event in log.append("exit stopped on \(event)") }
      }
    }
  }
}
