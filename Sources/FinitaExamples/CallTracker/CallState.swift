/// Where an outgoing phone call stands, as the app can observe it (seeds 000 and 002).
///
/// iOS offers no API for phone calls: the app opens a `tel://` URL and then only sees its own
/// lifecycle events. The states are the steps of that dance, and the tracker cannot jump from
/// ``start`` to ``callInProgress`` without passing through every step in between.
public enum CallState: Hashable, Sendable, CaseIterable {
  /// No call is being tracked: the app comes and goes as it likes.
  case none
  /// The app is about to open the `tel://` URL.
  case start
  /// The system asks the user to confirm the call.
  case systemAlert
  /// The user answered the alert; the tracker waits a moment to see whether a call starts.
  case waiting
  /// The app is leaving for the phone app.
  case callStarting
  /// The app is in the background while the call goes on.
  case callInProgress
  /// The app is coming back after the call.
  case callEnded
}
