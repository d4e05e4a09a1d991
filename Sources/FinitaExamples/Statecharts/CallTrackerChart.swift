import FinitaStatechart

/// The outgoing-call tracker of seeds 000 and 002 as a statechart.
///
/// The flat table of ``CallTracker`` needs a reset for every unexpected pair of state and
/// event; here the steps of a call are children of one `tracking` state, and a single
/// transition on `*` out of `tracking` resets the tracker. Children are asked first, so the
/// expected events still move the call forward. The one-second waiting timer is a delayed send
/// that `waiting` schedules on entry and cancels on exit.
///
/// ```swift
/// let tracker = Feature(statechart: CallTrackerChart.chart, clock: ContinuousClock())
/// let subscription = tracker.observeNews { _ in feedback.ask() }  // "callEnded"
/// tracker.accept("trackOutgoingCall")
/// ```
public enum CallTrackerChart {
  /// How long the app must stay active after the alert before the tracker concludes that the
  /// user cancelled.
  public static let waitingTime = Duration.seconds(1)

  /// The chart. Its declaration is checked by the tests, so building it cannot fail.
  public static let chart: Statechart = {
    do {
      return try Statechart(name: "call tracker", initial: "idle") {
        State("idle") {
          On("trackOutgoingCall", to: "tracking")
        }
        State("tracking", initial: "start") {
          State("start") {
            On("willResignActive", to: "systemAlert")
          }
          State("systemAlert") {
            On("didBecomeActive", to: "waiting")
          }
          State("waiting") {
            Entry(.send("userDidCancel", after: waitingTime, id: "waitingTimer"))
            Exit(.cancel("waitingTimer"))
            On("willResignActive", to: "callStarting")
            On("userDidCancel", to: "idle")
          }
          State("callStarting") {
            On("didEnterBackground", to: "callInProgress")
          }
          State("callInProgress") {
            On("willEnterForeground", to: "callEnded")
          }
          State("callEnded") {
            On("didBecomeActive", to: "idle", actions: .emit("callEnded"))
          }
          // Anything the current step does not expect: something went wrong, start over.
          On("*", to: "idle", actions: .emit("reset"))
        }
      }
    } catch {
      preconditionFailure("Internal inconsistency: the call tracker chart is invalid: \(error)")
    }
  }()
}
