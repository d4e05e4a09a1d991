import Finita
import FinitaAutomaton

/// The outgoing-call tracker of seeds 000 and 002: a transition table as the logic of a feature
/// that also owns a timer and publishes news.
///
/// The table holds the transitions; the feature adds what a table cannot: a one-second waiting
/// timer on an injected clock, a reset when an event comes that the table does not expect, and a
/// ``News/callEnded`` news for whoever collects feedback after a call.
///
/// `didBecomeActive` arrives twice, and the state tells the two apart:
///
/// | state | on `didBecomeActive` |
/// |---|---|
/// | ``CallState/systemAlert`` | start the waiting timer, go to ``CallState/waiting`` |
/// | ``CallState/callEnded`` | go to ``CallState/none`` and publish ``News/callEnded`` |
/// | ``CallState/none`` | nothing: the app was only switched |
/// | any other | something went wrong: reset to ``CallState/none`` |
///
/// ```swift
/// let tracker = Feature(
///   initialState: CallState.none,
///   definition: CallTracker(lifecycle: .notifications(from: .default))
/// )
/// let subscription = tracker.observeNews { news in feedback.ask(after: news) }
/// tracker.accept(.trackOutgoingCall)
/// UIApplication.shared.open(phoneURL)
/// // The Bootstrapper subscribed to the lifecycle notifications when the feature started.
/// ```
///
/// Without a `lifecycle`, the app forwards each notification itself:
/// `tracker.accept(.willResignActive)`.
public struct CallTracker: FeatureDefinition {
  /// The tracker accepts lifecycle events and its own events.
  public typealias Wish = CallEvent
  /// Where the call stands.
  public typealias State = CallState

  /// What a transition of ``table`` asks the feature to do.
  public enum Command: Sendable, Equatable {
    /// Wait a moment to see whether the call starts.
    case startWaitingTimer
    /// Tell the app that the call ended.
    case reportCallEnded
  }

  /// What the tracker did.
  public enum Effect: Sendable, Equatable, CustomStringConvertible {
    /// The table moved the tracker.
    case moved(from: CallState, to: CallState)
    /// An event came that the table does not expect in this state: something went wrong, so
    /// the tracker starts over.
    case reset(from: CallState)
    /// The waiting time passed.
    case waitingTimerFired

    /// A short description for logs, such as `moved(none -> start)`.
    public var description: String {
      switch self {
      case .moved(let from, let to): "moved(\(from) -> \(to))"
      case .reset(let from): "reset(from: \(from))"
      case .waitingTimerFired: "waitingTimerFired"
      }
    }
  }

  /// What the tracker tells the app.
  public enum News: Sendable, Equatable {
    /// A call was attempted and the user is back in the app. Whether anybody answered is not
    /// known: only the attempt is.
    case callEnded
  }

  private struct WaitingTimer: Hashable, Sendable {}

  /// The transitions of the seed's diagram; every other pair of state and event is undefined,
  /// which the tracker treats as "something went wrong".
  public static let table = Automaton<CallState, CallEvent, Command> {
    Initial(.none)
    Transition(from: .none, to: .start, by: .trackOutgoingCall)
    Transition(from: .start, to: .systemAlert, by: .willResignActive)
    Transition(from: .systemAlert, to: .waiting, by: .didBecomeActive).output(.startWaitingTimer)
    Transition(from: .waiting, to: .callStarting, by: .willResignActive)
    Transition(from: .waiting, to: .none, by: .userDidCancel)
    Transition(from: .callStarting, to: .callInProgress, by: .didEnterBackground)
    Transition(from: .callInProgress, to: .callEnded, by: .willEnterForeground)
    Transition(from: .callEnded, to: .none, by: .didBecomeActive).output(.reportCallEnded)
    // Without a tracked call the app just comes and goes: nothing to track.
    Transition(within: .none, by: .willResignActive)
    Transition(within: .none, by: .didBecomeActive)
    Transition(within: .none, by: .didEnterBackground)
    Transition(within: .none, by: .willEnterForeground)
  }

  /// The clock of the waiting timer; a test clock in tests.
  public let clock: any Clock<Duration>
  /// How long the app must stay active after the alert before the tracker concludes that the
  /// user cancelled: one second in the seed.
  public let waitingTime: Duration
  /// The app's lifecycle events the Bootstrapper subscribes to, if any.
  public let lifecycle: AppLifecycle?

  /// Creates the tracker's definition.
  ///
  /// - Parameters:
  ///   - clock: The clock of the waiting timer.
  ///   - waitingTime: How long to wait after the alert for the call to start.
  ///   - lifecycle: The app's lifecycle events, subscribed to when the feature starts; `nil`
  ///     (the default) when the app forwards them with `accept`.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    waitingTime: Duration = .seconds(1),
    lifecycle: AppLifecycle? = nil
  ) {
    self.clock = clock
    self.waitingTime = waitingTime
    self.lifecycle = lifecycle
  }

  /// The Bootstrapper: subscribes to the app's lifecycle events and hands each to the Actor,
  /// for as long as the feature lives (seed 001: the Bootstrapper works "with subscriptions to
  /// external services and events").
  ///
  /// - Returns: The lifecycle events as actions; none without a ``lifecycle``.
  public func bootstrap() -> Effects<CallEvent> {
    guard let lifecycle else { return .none }
    return .run(name: "app lifecycle") { send in
      for await event in lifecycle.events() {
        send(event)
      }
    }
  }

  /// Steps the table and turns the step into effects: a move, a reset, and the waiting timer.
  ///
  /// - Parameters:
  ///   - state: Where the call stands.
  ///   - action: The event.
  /// - Returns: The effects of the event.
  public func act(_ state: CallState, _ action: CallEvent) -> Effects<Effect> {
    var machine = AutomatonMachine(Self.table, state: state, undefinedEvents: .report)
    // With `.report`, an undefined event is a step, never an error.
    guard let step = try? machine.step(action) else { return .none }
    switch step {
    case .transitioned(let from, let to, .startWaitingTimer?):
      return .merge(
        .just(.moved(from: from, to: to)),
        .delayed(.waitingTimerFired, by: waitingTime, clock: clock)
          .cancellable(id: WaitingTimer(), cancelInFlight: true)
      )
    case .transitioned(let from, let to, _):
      let leavesWaiting: Effects<Effect> = from == .waiting ? .cancel(id: WaitingTimer()) : .none
      return .merge(leavesWaiting, .just(.moved(from: from, to: to)))
    case .stayed, .ignored:
      return .none
    case .undefined(let state, _):
      return .merge(.cancel(id: WaitingTimer()), .just(.reset(from: state)))
    }
  }

  /// Moves the tracker.
  ///
  /// - Parameters:
  ///   - state: Where the call stands.
  ///   - effect: What the tracker did.
  public func reduce(_ state: inout CallState, _ effect: Effect) {
    switch effect {
    case .moved(_, let to): state = to
    case .reset: state = .none
    case .waitingTimerFired: break
    }
  }

  /// Publishes ``News/callEnded`` when the app is back after a call.
  ///
  /// - Parameters:
  ///   - action: The event.
  ///   - effect: What the tracker did.
  ///   - state: Where the call stands now.
  /// - Returns: The news, if any.
  public func publishNews(_ action: CallEvent, _ effect: Effect, _ state: CallState) -> News? {
    effect == .moved(from: .callEnded, to: .none) ? .callEnded : nil
  }

  /// Sends ``CallEvent/userDidCancel`` when the waiting time passes with the app still active.
  ///
  /// - Parameters:
  ///   - action: The event.
  ///   - effect: What the tracker did.
  ///   - state: Where the call stands now.
  /// - Returns: The follow-up event, if any.
  public func postProcess(_ action: CallEvent, _ effect: Effect, _ state: CallState) -> CallEvent? {
    effect == .waitingTimerFired && state == .waiting ? .userDidCancel : nil
  }
}
