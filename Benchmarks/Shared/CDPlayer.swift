// The CD player both benchmark programs run: the wall-clock benchmarks and the instruction
// counts. The hand-written feature's `reduce` is inlinable, so it is specialized where it runs,
// as it was when each program kept its own copy.
import Finita
import FinitaAutomaton

/// The states of the CD player of the C++ state-machine benchmarks.
public enum CDState: Hashable, CaseIterable, Sendable {
  case empty, open, stopped, playing, paused
}

/// The CD player's events.
public enum CDEvent: AutomatonEvent, CaseIterable {
  case play, openClose, stop, pause, endPause, cdDetected
}

/// The CD player: 5 states, 6 events, 12 transitions.
public let cdPlayer = Automaton<CDState, CDEvent, Never> {
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
public let cdScript: [CDEvent] = [
  .openClose, .openClose, .cdDetected, .play, .pause, .endPause, .stop, .stop, .play, .pause,
  .stop, .openClose, .openClose,
]

/// The CD player written by hand as a reducer-only feature.
public struct CDReducer: ReducerOnlyDefinition {
  /// The events are the wishes.
  public typealias Wish = CDEvent

  /// Creates the feature's definition.
  @inlinable
  public init() {}

  /// The table as a `switch`.
  @inlinable
  public func reduce(_ state: inout CDState, _ effect: CDEvent) {
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
