import Finita
import FinitaRouting

/// The signup flow of seed 003 on a route stack: the screens shown are state, so the machine,
/// the stack and the navigation controller can be checked to agree, and a back swipe the user
/// makes is reported back to the machine.
///
/// The graph is ``SignupFlow/automaton``; the machine's screen is the top of the stack. A move
/// the table allows pushes the route ``SignupRoute/init(entering:by:)`` builds (home replaces the
/// whole stack); the table's `back` pops. The UI reports the path it shows with
/// ``Wish/navigated(to:)``: routes taken off the top are followed, anything else is refused
/// and kept in ``State/refusal``, and the UI follows the stack back.
///
/// The same ``apply(_:_:)`` runs a feature and a FinitaRedux store:
///
/// ```swift
/// let flow = SignupNavigation.makeFeature()
/// let store = Store(initialState: SignupNavigation.State(), reduce: SignupNavigation.apply)
/// ```
public struct SignupNavigation: FeatureDefinition {
  /// What the user did, in the flow or in the navigation stack.
  public enum Wish: Hashable, Sendable {
    /// A signup event from a screen.
    case event(SignupEvent)
    /// The UI shows this path after it changed by itself (a back button, a back swipe).
    case navigated(to: [SignupRoute])
  }

  /// The Actor handles wishes as they are.
  public typealias Action = Wish
  /// Every wish is reduced as it is.
  public typealias Effect = Wish

  /// The routes shown, and the last path the machine refused.
  public struct State: Hashable, Sendable {
    /// The routes above the root screen.
    public var routes: RouteStack<SignupRoute>
    /// Why the last path the UI reported was refused; `nil` after any accepted wish.
    public var refusal: RouteError?

    /// Creates the state.
    ///
    /// - Parameter routes: The routes above the root screen; none by default.
    public init(routes: RouteStack<SignupRoute> = RouteStack()) {
      self.routes = routes
    }

    /// The machine's screen: the top route's, or ``SignupScreen/root``.
    public var screen: SignupScreen {
      routes.top?.screen ?? .root
    }
  }

  /// Creates the definition.
  public init() {}

  /// Creates the flow as a feature on the main actor, where navigation lives.
  ///
  /// - Returns: The running flow, at the root screen.
  public static func makeFeature() -> Feature<SignupNavigation> {
    Feature(
      initialState: State(),
      definition: SignupNavigation(),
      configuration: .init(name: "SignupNavigation", isolation: .mainActor)
    )
  }

  /// Applies a wish: the feature's reducer and a store's.
  ///
  /// - Parameters:
  ///   - state: The routes.
  ///   - wish: What the user did.
  public static func apply(_ state: inout State, _ wish: Wish) {
    state.refusal = nil
    switch wish {
    case .event(let event):
      guard let next = SignupFlow.automaton.transition(from: state.screen, by: event) else {
        return
      }
      if case .back = event {
        state.routes.pop()
      } else if next == .home {
        state.routes.replace(with: [SignupRoute(entering: next, by: event)])
      } else {
        state.routes.push(SignupRoute(entering: next, by: event))
      }
    case .navigated(let path):
      do {
        try state.routes.follow(reported: path)
      } catch {
        state.refusal = error
      }
    }
  }

  /// Applies a wish; see ``apply(_:_:)``.
  ///
  /// - Parameters:
  ///   - state: The routes.
  ///   - effect: What the user did.
  public func reduce(_ state: inout State, _ effect: Wish) {
    Self.apply(&state, effect)
  }
}

extension SignupRoute {
  /// The screen this route shows; for ``back(to:)``, the screen gone back to.
  public var screen: SignupScreen {
    switch self {
    case .registerRoot: .registerRoot
    case .profileRegister: .profileRegister
    case .startWithMercari: .startWithMercari
    case .emailLogin: .emailLogin
    case .atteLogin: .atteLogin
    case .home: .home
    case .emailSignUp: .emailSignUp
    case .confirmSMS: .confirmSMS
    case .passCode: .passCode
    case .resetPassword: .resetPassword
    case .back(let screen): screen
    }
  }
}
