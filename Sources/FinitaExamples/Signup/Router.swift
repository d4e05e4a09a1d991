import Finita

/// Receives the routes a feature publishes as news and shows the screens: what a UIKit
/// coordinator or a SwiftUI navigation model implements.
///
/// Features do not know about view controllers; they say where to go, and the router decides
/// how. ``follow(_:)`` connects a feature's news to the router.
///
/// ```swift
/// @MainActor final class SignupCoordinator: Router {
///   let navigationController: UINavigationController
///
///   func route(_ route: SignupRoute) {
///     switch route {
///     case .home(let token, let userId): showHome(token: token, userId: userId)
///     case .back: navigationController.popViewController(animated: true)
///     default: navigationController.pushViewController(makeScreen(for: route), animated: true)
///     }
///   }
/// }
///
/// let flow = SignupFlow.makeFeature()
/// let subscription = coordinator.follow(flow)
/// ```
@MainActor
public protocol Router<Route>: AnyObject, Sendable {
  /// What the router is told.
  associatedtype Route: Sendable

  /// Shows what `route` asks for.
  ///
  /// - Parameter route: Where to go.
  func route(_ route: Route)
}

extension Router {
  /// Routes every news of `feature` to this router, until the subscription ends.
  ///
  /// The router is held weakly. When the feature processes on the main actor (see
  /// `FeatureConfiguration.Isolation.mainActor`), each route is handled before the wish that
  /// caused it returns; otherwise routes hop to the main actor in order.
  ///
  /// - Parameter feature: A feature whose news are routes.
  /// - Returns: A subscription; keep it for as long as the router should follow the feature.
  public func follow<Definition: FeatureDefinition>(
    _ feature: Feature<Definition>
  ) -> Subscription where Definition.News == Route {
    if feature.configuration.isolation == .mainActor {
      return feature.observeNews { [weak self] route in
        MainActor.assumeIsolated { self?.route(route) }
      }
    }
    let (routes, continuation) = AsyncStream.makeStream(of: Route.self)
    let task = Task { [weak self] in
      for await route in routes {
        self?.route(route)
      }
    }
    let subscription = feature.observeNews { route in continuation.yield(route) }
    return Subscription {
      subscription.cancel()
      continuation.finish()
      task.cancel()
    }
  }
}
