// Issue 18: an automaton running as a feature, against its parts (a hand-written reducer-only
// feature over the same states, and one `AutomatonMachine.step`), on the CD player of the
// benchmarks. Scenarios: automaton-accept, automaton-step, automaton-handwritten.
import Finita
import FinitaAutomaton

/// The CD player of the benchmarks: 5 states, 6 events, 12 transitions.
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

/// The CD player written by hand as a reducer-only feature.
struct CDReducer: ReducerOnlyDefinition {
  typealias Wish = CDEvent

  func reduce(_ state: inout CDState, _ effect: CDEvent) {
    switch (state, effect) {
    case (.stopped, .play), (.paused, .endPause): state = .playing
    case (.stopped, .openClose), (.empty, .openClose), (.playing, .openClose),
      (.paused, .openClose):
      state = .open
    case (.open, .openClose): state = .empty
    case (.empty, .cdDetected), (.playing, .stop), (.paused, .stop): state = .stopped
    case (.playing, .pause): state = .paused
    default: break
    }
  }
}

/// Sends `count` events of the script to the CD player running as a feature.
func automatonAccepts(count: Int) {
  let feature = try! Feature(automaton: cdPlayer, undefinedEvents: .ignore)
  var position = 0
  for _ in 0..<count {
    feature.accept(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(feature.state)
}

/// Steps an `AutomatonMachine` of the CD player through `count` events of the script.
func automatonSteps(count: Int) {
  var machine = try! AutomatonMachine(cdPlayer, undefinedEvents: .ignore)
  var position = 0
  for _ in 0..<count {
    _ = try? machine.step(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(machine.state)
}

/// Sends `count` events of the script to the hand-written CD player feature.
func handWrittenAccepts(count: Int) {
  let feature = Feature(initialState: CDState.empty, definition: CDReducer())
  var position = 0
  for _ in 0..<count {
    feature.accept(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(feature.state)
}
