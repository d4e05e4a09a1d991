/// A navigation container that shows a stack of routes: what a UIKit adapter implements over a
/// `UINavigationController`, and what tests implement with an array.
///
/// A ``RouteFollower`` drives it: it tells the host the change to make, and the host tells the
/// follower what it shows after it changed by itself (see ``RouteFollower/hostDidShow(_:)``).
///
/// ```swift
/// @MainActor final class SignupNavigationHost: NavigationHost {
///   let controller: UINavigationController
///   var shownRoutes: [SignupRoute] { controller.viewControllers.compactMap { ($0 as? RouteScreen)?.route } }
///   func show(_ change: RouteChange<SignupRoute>) {
///     let kept = Array(controller.viewControllers.dropLast(change.popCount))
///     controller.setViewControllers(kept + change.pushed.map(makeScreen), animated: true)
///   }
/// }
/// ```
@MainActor
public protocol NavigationHost<Route>: AnyObject {
  /// The type of the routes shown.
  associatedtype Route: Hashable & Sendable

  /// The routes shown above the root, bottom first.
  var shownRoutes: [Route] { get }

  /// Makes a change: takes `change.popCount` screens off the top, then shows
  /// `change.pushed` above what is left.
  ///
  /// - Parameter change: The change; never empty.
  func show(_ change: RouteChange<Route>)
}
