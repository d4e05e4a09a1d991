import FinitaAutomaton

/// What the call tracker reacts to: the app's four lifecycle events and its own two events.
///
/// Forward the lifecycle notifications (`UIApplication.willResignActiveNotification` and the
/// others) as they arrive, and send ``trackOutgoingCall`` right before opening the `tel://` URL.
public enum CallEvent: AutomatonEvent, CaseIterable {
  /// The app is about to lose focus: the system alert appears, or the call starts.
  case willResignActive
  /// The app is active again. It arrives twice: after the alert and after the call.
  case didBecomeActive
  /// The app went to the background: the call has started.
  case didEnterBackground
  /// The app is coming back to the foreground: the call is ending.
  case willEnterForeground
  /// The app is about to open the `tel://` URL: the trigger that tells a call from a user who
  /// simply switches apps.
  case trackOutgoingCall
  /// The user pressed Cancel in the system alert. The tracker sends it to itself when the app
  /// stays active for the waiting time after the alert.
  case userDidCancel
}
