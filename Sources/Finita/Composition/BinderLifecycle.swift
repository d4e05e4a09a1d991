/// A span of time during which a ``Binder``'s connections are active: it begins, ends, and may
/// begin again.
///
/// Conform your own types to drive bindings from a screen's appearance, an app's foreground
/// state or a user session. ``ManualLifecycle`` is driven by calls; ``ObjectLifecycle`` lasts as
/// long as the object that stores it.
///
/// ```swift
/// final class ScreenLifecycle: BinderLifecycle {
///   let manual = ManualLifecycle()
///   func viewDidAppear() { manual.begin() }
///   func viewDidDisappear() { manual.end() }
///   func observe(_ handler: @escaping @Sendable (LifecycleEvent) -> Void) -> Subscription {
///     manual.observe(handler)
///   }
/// }
/// ```
public protocol BinderLifecycle: Sendable {
  /// Calls `handler` with ``LifecycleEvent/begin`` at once if the lifecycle is active, then with
  /// every later event, in order and one at a time, until the subscription ends.
  ///
  /// - Parameter handler: Receives the events.
  /// - Returns: A subscription; cancel or release it to stop receiving events.
  func observe(_ handler: @escaping @Sendable (LifecycleEvent) -> Void) -> Subscription
}

/// A change of a ``BinderLifecycle``.
public enum LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
  /// The lifecycle became active: bindings connect.
  case begin
  /// The lifecycle became inactive: bindings disconnect.
  case end

  /// `begin` or `end`.
  public var description: String {
    switch self {
    case .begin: "begin"
    case .end: "end"
    }
  }
}
