/// A lifecycle that begins when it is created and ends when it is released: store it in the
/// object whose life should scope the bindings ("while this view model lives").
///
/// A binder does not keep its lifecycle alive, so the bindings end with the object that owns
/// the lifecycle, whoever holds the binder (a coordinator that outlives the screen, say).
///
/// ```swift
/// final class ResumeViewModel {
///   private let lifetime = ObjectLifecycle()
///
///   init(resume: Feature<Resume>, router: Router) {
///     let binder = Binder(lifecycle: lifetime)
///     binder.bind(.news(of: resume), to: .closure { router.handle($0) })
///     router.keep(binder)  // lives longer; its bindings still end with this view model
///   }
/// }
/// ```
public final class ObjectLifecycle: BinderLifecycle {
  private let relay = LifecycleRelay(isActive: true)

  /// Creates a lifecycle that is active until it is released or ended with ``end()``.
  public init() {}

  deinit {
    relay.send(.end)
  }

  /// Whether the lifecycle is still active.
  public var isActive: Bool {
    relay.isActive
  }

  /// Ends the lifecycle before its owner is released. It cannot begin again.
  public func end() {
    relay.send(.end)
  }

  /// Calls `handler` with ``LifecycleEvent/begin`` at once if still active, then with
  /// ``LifecycleEvent/end`` when the lifecycle ends.
  ///
  /// - Parameter handler: Receives the events.
  /// - Returns: A subscription; cancel or release it to stop receiving events.
  public func observe(_ handler: @escaping @Sendable (LifecycleEvent) -> Void) -> Subscription {
    relay.observe(handler)
  }
}
