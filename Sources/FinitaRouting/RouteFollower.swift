/// Keeps a ``NavigationHost`` showing a machine's ``RouteStack``, and reports to the machine what
/// the host did by itself: the adapter between a state machine and a UIKit navigation stack.
///
/// Two directions, both on the main actor:
/// - machine to screen: call ``follow(_:)`` with each state's stack (from a state observer);
///   the follower asks the host for the change from what it shows.
/// - screen to machine: the host calls ``hostDidShow(_:)`` when it changed by itself (the
///   delegate's `didShow` after a back button or an interactive back swipe); when that is not
///   the stack the follower last applied, it is passed to `report`, which sends it to the
///   machine, usually as a wish or an action that calls ``RouteStack/follow(reported:)``.
///
/// ```swift
/// let follower = RouteFollower(host: host) { path in flow.accept(.navigated(to: path)) }
/// let subscription = flow.observeState { state in
///   MainActor.assumeIsolated { follower.follow(state.routes) }
/// }
/// // In the navigation controller's delegate:
/// // func navigationController(_: UINavigationController, didShow _: UIViewController, animated _: Bool) {
/// //   follower.hostDidShow(host.shownRoutes)
/// // }
/// ```
///
/// When the machine refuses a report, it keeps its stack; its next state (an effect that
/// changes nothing still produces one) brings the host back through ``follow(_:)``.
@MainActor
public final class RouteFollower<Host: NavigationHost> {
  /// The host this follower drives.
  public let host: Host

  private let report: @MainActor ([Host.Route]) -> Void
  private var followed: [Host.Route]

  /// Creates a follower of `host`.
  ///
  /// - Parameters:
  ///   - host: The navigation container; the follower keeps it alive.
  ///   - report: Sends a path the host reached by itself to the machine.
  public init(host: Host, report: @escaping @MainActor ([Host.Route]) -> Void) {
    self.host = host
    self.report = report
    self.followed = host.shownRoutes
  }

  /// Brings the host to `stack`, with the fewest pops then the pushes.
  ///
  /// - Parameter stack: The machine's stack.
  public func follow(_ stack: RouteStack<Host.Route>) {
    followed = stack.path
    let change = RouteStack(host.shownRoutes).change(to: stack.path)
    if !change.isEmpty { host.show(change) }
  }

  /// Tells the follower what the host shows after it changed by itself; a path other than the
  /// one last followed is reported to the machine.
  ///
  /// - Parameter path: The routes the host shows now, bottom first.
  public func hostDidShow(_ path: [Host.Route]) {
    guard path != followed else { return }
    report(path)
  }
}
