import FinitaAutomaton

/// The CD player of the C++ state-machine benchmarks: 5 states, 6 events, 12 transitions.
enum CDState: Hashable, CaseIterable, Sendable {
  case empty, open, stopped, playing, paused
}

enum CDEvent: AutomatonEvent, CaseIterable {
  case play, openClose, stop, pause, endPause, cdDetected
}

let cdPlayer = Automaton<CDState, CDEvent, Never> {
  Initial(.empty)
  Transition(from: .stopped, to: .playing, by: .play)
  Transition(from: .stopped, to: .open, by: .openClose)
  Transition(within: .stopped, by: .stop)
  Transition(from: .open, to: .empty, by: .openClose)
  Transition(from: .empty, to: .open, by: .openClose)
  Transition(from: .empty, to: .stopped, by: .cdDetected)
  Transition(from: .playing, to: .stopped, by: .stop)
  Transition(from: .playing, to: .paused, by: .pause)
  Transition(from: .playing, to: .open, by: .openClose)
  Transition(from: .paused, to: .playing, by: .endPause)
  Transition(from: .paused, to: .stopped, by: .stop)
  Transition(from: .paused, to: .open, by: .openClose)
}

/// A script that takes every kind of transition and returns to `empty`.
let cdScript: [CDEvent] = [
  .openClose, .openClose, .cdDetected, .play, .pause, .endPause, .stop, .stop, .play, .pause,
  .stop, .openClose, .openClose,
]

/// An event of the 50 x 50 table: its kind selects the row, its payload feeds the guard.
struct TableEvent: AutomatonEvent {
  let kind: Int
  let payload: Int
}

/// 50 states, 50 event kinds, 2,500 guarded transitions.
let guardedTable = Automaton<Int, TableEvent, Never>(
  initialState: 0,
  transitions: (0..<50).flatMap { state in
    (0..<50).map { kind in
      Transition<Int, TableEvent, Never>(from: state, to: (state * 7 + kind) % 50, by: kind)
        .guarded("payload >= 0") { _, event in event.payload >= 0 }
    }
  }
)
