import Finita
import FinitaAutomaton

/// The signup flow of the Mercari Atte talk (seed 003) as a feature: the screen graph is a
/// transition table, the state is the current screen, and every move is published as a
/// ``SignupRoute`` for the app's ``Router``.
///
/// "Transitions are domain knowledge and belong in the model layer": the table says which screen
/// may follow which, and a guard looks at the payload (no token, no direct login). An event the
/// current screen does not expect changes nothing and routes nowhere.
///
/// ```swift
/// let flow = SignupFlow.makeFeature()
/// let subscription = coordinator.follow(flow)
/// flow.accept(.showRegisterRoot(loginMode: nil))  // the coordinator shows the register screen
/// flow.accept(.registerWithEmail)
/// ```
public struct SignupFlow: FeatureDefinition {
  /// What the user did.
  public typealias Wish = SignupEvent
  /// The current screen.
  public typealias State = SignupScreen
  /// Where to go after a move.
  public typealias News = SignupRoute

  /// What the flow did with an event.
  public enum Effect: Hashable, Sendable, CustomStringConvertible {
    /// The flow moved to another screen.
    case moved(from: SignupScreen, to: SignupScreen)

    /// A short description for logs, such as `moved(root -> registerRoot)`.
    public var description: String {
      switch self {
      case .moved(let from, let to): "moved(\(from) -> \(to))"
      }
    }
  }

  /// The screen graph, reconstructed from the talk's graph and its route test.
  public static let automaton = FiniteStateMachine<SignupScreen, SignupEvent> {
    Initial(.root)
    Transition(from: .root, to: .registerRoot, by: .showRegisterRoot)
    Transition(from: .registerRoot, to: .profileRegister, by: .registerWithFacebook)
    Transition(from: .registerRoot, to: .startWithMercari, by: .startWithMercari)
    Transition(from: .registerRoot, to: .emailLogin, by: .loginWithEmail)
    Transition(from: .registerRoot, to: .atteLogin, by: .loginWithAtte)
    Transition(from: .registerRoot, to: .home, by: .loginAndShowHome)
      .guarded("has token") { _, event in
        if case .loginAndShowHome(let token, _) = event { !token.isEmpty } else { false }
      }
    Transition(from: .registerRoot, to: .emailSignUp, by: .registerWithEmail)
    Transition(from: .registerRoot, to: .root, by: .back)
    Transition(from: .emailSignUp, to: .profileRegister, by: .showProfileRegister)
    Transition(from: .startWithMercari, to: .profileRegister, by: .showProfileRegister)
    Transition(from: .startWithMercari, to: .home, by: .loginAndShowHome)
    Transition(from: .profileRegister, to: .confirmSMS, by: .confirmSMS)
    Transition(from: .confirmSMS, to: .passCode, by: .enterPassCode)
    Transition(from: .confirmSMS, to: .home, by: .loginAndShowHome)
    Transition(from: .passCode, to: .home, by: .loginAndShowHome)
    Transition(from: .emailLogin, to: .home, by: .loginAndShowHome)
    Transition(from: .emailLogin, to: .resetPassword, by: .resetPassword)
    Transition(from: .resetPassword, to: .emailLogin, by: .loginWithEmail)
    Transition(from: .atteLogin, to: .home, by: .loginAndShowHome)
    Final(.home)
  }

  /// Creates the flow's definition.
  public init() {}

  /// Creates the flow as a feature on the main actor, where routers live, starting at
  /// ``SignupScreen/root``.
  ///
  /// - Returns: The running flow.
  public static func makeFeature() -> Feature<SignupFlow> {
    Feature(
      initialState: .root,
      definition: SignupFlow(),
      configuration: .init(name: "SignupFlow", isolation: .mainActor)
    )
  }

  /// Looks the event up in the graph from the current screen.
  ///
  /// - Parameters:
  ///   - state: The current screen.
  ///   - action: What the user did.
  /// - Returns: A move, or nothing when the screen does not expect the event.
  public func act(_ state: SignupScreen, _ action: SignupEvent) -> Effects<Effect> {
    guard let next = Self.automaton.transition(from: state, by: action) else { return .none }
    return .just(.moved(from: state, to: next))
  }

  /// Moves to the next screen.
  ///
  /// - Parameters:
  ///   - state: The current screen.
  ///   - effect: The move.
  public func reduce(_ state: inout SignupScreen, _ effect: Effect) {
    switch effect {
    case .moved(_, let to): state = to
    }
  }

  /// Publishes where to go, built from the event's payload.
  ///
  /// - Parameters:
  ///   - action: What the user did.
  ///   - effect: The move.
  ///   - state: The screen moved to.
  /// - Returns: The route.
  public func publishNews(_ action: SignupEvent, _ effect: Effect, _ state: SignupScreen)
    -> SignupRoute?
  {
    SignupRoute(entering: state, by: action)
  }
}
