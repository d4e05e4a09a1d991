import FinitaAutomaton
import FinitaExamples

// The signup flow of the Mercari Atte talk is FinitaExamples' `SignupFlow` (screens, events and
// table). These tests add what the example leaves to its router: a Mealy output built from the
// event's payload, and one sample event of each kind for the explorer.

/// What the app must show after a transition: the Mealy output, built from the event's payload
/// (the talk's `MonadicAutomaton` returned the next view controller).
enum SignupScreenRequest: Hashable, Sendable {
  case profileRegister(FacebookProfile)
  case home(userId: Int64)
}

extension SignupFlow {
  /// The example's table, transition for transition (guards included), with a request as the
  /// output of registering with Facebook (`profile`) and of every move to home (`home`).
  static let mealyAutomaton = Automaton<SignupScreen, SignupEvent, SignupScreenRequest>(
    initialState: automaton.initialState,
    transitions: automaton.transitions.map(withRequest),
    finalStates: Array(automaton.finalStates)
  )

  private static func withRequest(
    _ transition: Transition<SignupScreen, SignupEvent, Never>
  ) -> Transition<SignupScreen, SignupEvent, SignupScreenRequest> {
    var row = Transition<SignupScreen, SignupEvent, SignupScreenRequest>(
      from: transition.from, to: transition.to, by: transition.kind)
    if transition.isGuarded {
      row = row.guarded(transition.guardName) { state, event in
        transition.accepts(event, in: state)
      }
    }
    if transition.kind == .registerWithFacebook {
      row = row.output("profile") { _, event in
        if case .registerWithFacebook(let profile) = event {
          .profileRegister(profile)
        } else {
          nil
        }
      }
    }
    if transition.to == .home {
      row = row.output("home") { _, event in
        if case .loginAndShowHome(_, let userId) = event { .home(userId: userId) } else { nil }
      }
    }
    return row
  }

  /// One event of each kind.
  static let samples = SignupEvent.Kind.allCases.map(SignupEvent.sample(of:))
}

extension SignupEvent {
  /// One event of each kind, with plausible payloads.
  static func sample(of kind: Kind) -> SignupEvent {
    switch kind {
    case .showRegisterRoot: .showRegisterRoot(loginMode: nil)
    case .registerWithFacebook: .registerWithFacebook(profile: FacebookProfile(name: "Minh"))
    case .startWithMercari:
      .startWithMercari(resource: MercariResource(id: "m1"), token: "t", showsCloseButton: true)
    case .loginWithEmail: .loginWithEmail(showsCancelButton: true)
    case .loginWithAtte: .loginWithAtte(resource: MercariResource(id: "m1"), token: "t")
    case .loginAndShowHome: .loginAndShowHome(token: "token", userId: 42)
    case .registerWithEmail: .registerWithEmail
    case .showProfileRegister: .showProfileRegister
    case .confirmSMS: .confirmSMS(phoneNumber: "+81 90 0000 0000")
    case .enterPassCode: .enterPassCode
    case .resetPassword: .resetPassword
    case .back: .back
    }
  }
}
