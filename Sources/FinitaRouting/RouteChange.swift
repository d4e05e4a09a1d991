/// How a ``RouteStack`` changes: some routes taken off the top, then some shown above.
///
/// Every change of a stack is one of these, so a UI adapter needs only two moves: pop to a
/// depth, then push. ``RouteStack/change(to:)`` computes one; ``RouteStack/apply(_:)`` applies
/// one.
///
/// ```swift
/// let shown = RouteStack([SignupRoute.emailSignUp, .profileRegister(prefilledWith: nil)])
/// let change = shown.change(to: [.emailSignUp, .confirmSMS(phoneNumber: "1")])
/// // change.popCount == 1, change.pushed == [.confirmSMS(phoneNumber: "1")]
/// ```
public struct RouteChange<Route: Hashable & Sendable>: Hashable, Sendable {
  /// How many routes are taken off the top.
  public var popCount: Int
  /// The routes shown above what is left, bottom first.
  public var pushed: [Route]

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - popCount: How many routes are taken off the top; negative counts as none.
  ///   - pushed: The routes shown above what is left, bottom first.
  public init(popCount: Int = 0, pushed: [Route] = []) {
    self.popCount = max(0, popCount)
    self.pushed = pushed
  }

  /// Whether the change leaves the stack as it is.
  public var isEmpty: Bool {
    popCount == 0 && pushed.isEmpty
  }

  /// Whether the change only goes back: routes taken off, none shown.
  public var isBack: Bool {
    popCount > 0 && pushed.isEmpty
  }
}
