/// The screens a navigation stack shows above its root, as a value in a feature's or a store's
/// state: the machine changes it, the UI follows it and reports back what the user did.
///
/// The root screen is not in the stack, as in a SwiftUI `NavigationStack` path; an empty stack
/// shows the root alone.
///
/// ```swift
/// struct State: Hashable, Sendable {
///   var routes = RouteStack<SignupRoute>()
/// }
/// // In the reducer:
/// state.routes.push(.emailSignUp)
/// // When the UI reports an interactive back swipe:
/// do {
///   try state.routes.follow(reported: path)
/// } catch {
///   state.refusal = error  // the UI goes back to `state.routes`
/// }
/// ```
///
/// Only the machine moves forward. The UI may take routes off the top (a back button, an
/// interactive back swipe, a pop to the root), which ``follow(reported:)`` accepts; any other
/// path it reports is refused with a ``RouteError`` that says what to send instead.
public struct RouteStack<Route: Hashable & Sendable>: Hashable, Sendable {
  /// The routes above the root, bottom first: what a SwiftUI `NavigationStack` path holds.
  public private(set) var path: [Route]

  /// Creates a stack.
  ///
  /// - Parameter path: The routes above the root, bottom first; empty by default.
  public init(_ path: [Route] = []) {
    self.path = path
  }

  /// The route on top, the one shown; `nil` when the root is shown.
  public var top: Route? {
    path.last
  }

  /// Whether only the root is shown.
  public var isEmpty: Bool {
    path.isEmpty
  }

  /// Shows `route` above the current top.
  ///
  /// - Parameter route: The route to show.
  public mutating func push(_ route: Route) {
    path.append(route)
  }

  /// Takes the top route off the stack.
  ///
  /// - Returns: The route taken off, or `nil` when only the root was shown.
  @discardableResult
  public mutating func pop() -> Route? {
    path.popLast()
  }

  /// Takes every route off the stack: the root is shown.
  public mutating func popToRoot() {
    path.removeAll()
  }

  /// Replaces every route: for a screen that starts a new flow, such as home after a login.
  ///
  /// - Parameter path: The new routes above the root, bottom first.
  public mutating func replace(with path: [Route]) {
    self.path = path
  }

  /// Applies a change made elsewhere: first its pops, then its pushes.
  ///
  /// - Parameter change: The change; pops beyond the root stop at the root.
  public mutating func apply(_ change: RouteChange<Route>) {
    path.removeLast(min(change.popCount, path.count))
    path.append(contentsOf: change.pushed)
  }

  /// The change that turns this stack into `path`: the fewest pops, then the pushes.
  ///
  /// - Parameter path: The routes to end with.
  /// - Returns: The change; ``RouteChange/isEmpty`` when the stack already shows `path`.
  public func change(to path: [Route]) -> RouteChange<Route> {
    let kept = zip(self.path, path).prefix { $0 == $1 }.count
    return RouteChange(popCount: self.path.count - kept, pushed: Array(path[kept...]))
  }

  /// Follows a path the UI reports after it changed the screen by itself: a back button, an
  /// interactive back swipe, a pop to the root.
  ///
  /// - Parameter reported: The routes the UI shows now, bottom first.
  /// - Returns: The routes taken off, top first; empty when the UI shows this stack already.
  /// - Throws: ``RouteError`` when `reported` is not this stack with routes taken off the
  ///   top; the stack is unchanged, and the UI should be brought back to it.
  @discardableResult
  public mutating func follow(reported: [Route]) throws(RouteError) -> [Route] {
    let change = change(to: reported)
    guard change.pushed.isEmpty else {
      throw RouteError.forwardFromUI(
        shown: path.map { "\($0)" }, reported: reported.map { "\($0)" })
    }
    let removed = Array(path.suffix(change.popCount).reversed())
    apply(change)
    return removed
  }
}
