/// A lifecycle driven by calls to ``begin()`` and ``end()``, from any thread.
///
/// Beginning while active or ending while inactive does nothing, so a binder never subscribes
/// twice. Events are delivered to observers in the order of the calls; an event caused by a
/// handler (a handler that ends the lifecycle) is delivered after the current one.
///
/// ```swift
/// let lifecycle = ManualLifecycle()
/// let binder = Binder(lifecycle: lifecycle)
/// binder.bind(.news(of: player), to: .wishes(of: history)) { .played($0) }
/// lifecycle.begin()  // connected
/// lifecycle.end()  // disconnected; begin() connects again
/// ```
public final class ManualLifecycle: BinderLifecycle {
  let relay: LifecycleRelay

  /// Creates a lifecycle.
  ///
  /// - Parameter isActive: Whether it has already begun.
  public init(isActive: Bool = false) {
    relay = LifecycleRelay(isActive: isActive)
  }

  /// Whether the lifecycle has begun and not ended.
  public var isActive: Bool {
    relay.isActive
  }

  /// Begins the lifecycle; does nothing if it is active.
  public func begin() {
    relay.send(.begin)
  }

  /// Ends the lifecycle; does nothing if it is not active.
  public func end() {
    relay.send(.end)
  }

  /// Calls `handler` with ``LifecycleEvent/begin`` at once if active, then with every change.
  ///
  /// - Parameter handler: Receives the events.
  /// - Returns: A subscription; cancel or release it to stop receiving events.
  public func observe(_ handler: @escaping @Sendable (LifecycleEvent) -> Void) -> Subscription {
    relay.observe(handler)
  }
}
