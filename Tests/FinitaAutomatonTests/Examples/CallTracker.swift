import Finita
import FinitaAutomaton

/// The outgoing-call tracker of seeds 000 and 002: a transition table used as the logic of a
/// feature that also owns a timer and publishes news.
enum CallState: Hashable, Sendable, CaseIterable {
  case none, start, systemAlert, waiting, callStarting, callInProgress, callEnded
}

/// The app's lifecycle events, plus the tracker's own two events.
enum CallEvent: AutomatonEvent, CaseIterable {
  case willResignActive, didBecomeActive, didEnterBackground, willEnterForeground
  /// Sent right before the app opens the `tel://` URL.
  case trackOutgoingCall
  /// The user pressed Cancel in the system alert: noticed when the app stays active for a second.
  case userDidCancel
}

/// What a transition asks the feature to do.
enum CallCommand: Sendable, Equatable {
  case startWaitingTimer
  case reportCallEnded
}

struct CallTracker: FeatureDefinition {
  typealias Wish = CallEvent
  typealias State = CallState

  enum Effect: Sendable, Equatable {
    /// The table moved the tracker.
    case moved(from: CallState, to: CallState)
    /// An event came that the table does not expect here: something went wrong.
    case reset(from: CallState)
    /// A second passed in `waiting` without the app leaving: the user cancelled.
    case waitingTimerFired
  }

  enum News: Sendable, Equatable {
    case callEnded
  }

  private struct WaitingTimer: Hashable, Sendable {}

  static let table = Automaton<CallState, CallEvent, CallCommand> {
    Initial(.none)
    Transition(from: .none, to: .start, by: .trackOutgoingCall)
    Transition(from: .start, to: .systemAlert, by: .willResignActive)
    Transition(from: .systemAlert, to: .waiting, by: .didBecomeActive).output(.startWaitingTimer)
    Transition(from: .waiting, to: .callStarting, by: .willResignActive)
    Transition(from: .waiting, to: .none, by: .userDidCancel)
    Transition(from: .callStarting, to: .callInProgress, by: .didEnterBackground)
    Transition(from: .callInProgress, to: .callEnded, by: .willEnterForeground)
    Transition(from: .callEnded, to: .none, by: .didBecomeActive).output(.reportCallEnded)
    // Without a tracked call, the app just comes and goes: nothing to track.
    for event in [CallEvent.willResignActive, .didBecomeActive, .didEnterBackground] {
      Transition(within: .none, by: event)
    }
    Transition(within: .none, by: .willEnterForeground)
  }

  let clock: any Clock<Duration>

  func act(_ state: CallState, _ action: CallEvent) -> Effects<Effect> {
    var machine = AutomatonMachine(Self.table, state: state, undefinedEvents: .report)
    // With `.report`, an undefined event is a step, never an error.
    guard let step = try? machine.step(action) else { return .none }
    switch step {
    case .transitioned(let from, let to, let command):
      let moved = Effects<Effect>.just(.moved(from: from, to: to))
      let leavesWaiting: Effects<Effect> = from == .waiting ? .cancel(id: WaitingTimer()) : .none
      guard command == .startWaitingTimer else { return .merge(leavesWaiting, moved) }
      return .merge(
        moved,
        .delayed(.waitingTimerFired, by: .seconds(1), clock: clock)
          .cancellable(id: WaitingTimer(), cancelInFlight: true)
      )
    case .stayed, .ignored:
      return .none
    case .undefined(let state, _):
      return .merge(.cancel(id: WaitingTimer()), .just(.reset(from: state)))
    }
  }

  func reduce(_ state: inout CallState, _ effect: Effect) {
    switch effect {
    case .moved(_, let to): state = to
    case .reset: state = .none
    case .waitingTimerFired: break
    }
  }

  func publishNews(_ action: CallEvent, _ effect: Effect, _ state: CallState) -> News? {
    effect == .moved(from: .callEnded, to: .none) ? .callEnded : nil
  }

  func postProcess(_ action: CallEvent, _ effect: Effect, _ state: CallState) -> CallEvent? {
    effect == .waitingTimerFired && state == .waiting ? .userDidCancel : nil
  }
}
