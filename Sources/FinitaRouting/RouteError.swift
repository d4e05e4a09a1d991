/// A path the UI reported that a ``RouteStack`` cannot follow: the UI moved forward by itself.
///
/// Only the machine decides where to go next; the UI may only go back. The error names both
/// paths and says what to do instead.
public struct RouteError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case forwardFromUI(shown: [String], reported: [String])
  }

  private let kind: Kind

  /// The UI reported `reported` while the stack was `shown`, and `reported` is not `shown`
  /// with routes taken off the top.
  ///
  /// - Parameters:
  ///   - shown: The stack's routes, described.
  ///   - reported: The UI's routes, described.
  /// - Returns: The error.
  public static func forwardFromUI(shown: [String], reported: [String]) -> RouteError {
    RouteError(kind: .forwardFromUI(shown: shown, reported: reported))
  }

  /// What happened, the two paths, and how to fix it.
  public var description: String {
    switch kind {
    case .forwardFromUI(let shown, let reported):
      """
      The UI reported the path [\(reported.joined(separator: ", "))], but the route stack is \
      [\(shown.joined(separator: ", "))]: the UI may only take routes off the top (back, swipe, \
      pop to root). Send the machine the event that leads there instead of pushing in the view, \
      and let the view follow the stack.
      """
    }
  }
}
