import FinitaAutomaton

/// The signup flow of the Mercari Atte talk: every screen is a state, and events carry the data
/// the next screen needs. Edges reconstructed from the talk's graph and its route test.
enum SignupScreen: Hashable, CaseIterable, Sendable {
  case root
  case registerRoot
  case profileRegister
  case startWithMercari
  case emailLogin
  case atteLogin
  case home
  case confirmSMS
  case passCode
  case emailSignUp
  case resetPassword
}

struct FacebookProfile: Hashable, Sendable {
  var name: String
}

struct MercariResource: Hashable, Sendable {
  var id: String
}

enum SignupEvent: AutomatonEvent, Equatable {
  case showRegisterRoot(loginMode: String?)
  case registerWithFacebook(profile: FacebookProfile)
  case startWithMercari(resource: MercariResource, token: String, showsCloseButton: Bool)
  case loginWithEmail(showsCancelButton: Bool)
  case loginWithAtte(resource: MercariResource, token: String)
  case loginAndShowHome(token: String, userId: Int64)
  case registerWithEmail
  case showProfileRegister
  case confirmSMS(phoneNumber: String)
  case enterPassCode
  case resetPassword
  case back

  enum Kind: Hashable, CaseIterable, Sendable {
    case showRegisterRoot
    case registerWithFacebook
    case startWithMercari
    case loginWithEmail
    case loginWithAtte
    case loginAndShowHome
    case registerWithEmail
    case showProfileRegister
    case confirmSMS
    case enterPassCode
    case resetPassword
    case back
  }

  var kind: Kind {
    switch self {
    case .showRegisterRoot: .showRegisterRoot
    case .registerWithFacebook: .registerWithFacebook
    case .startWithMercari: .startWithMercari
    case .loginWithEmail: .loginWithEmail
    case .loginWithAtte: .loginWithAtte
    case .loginAndShowHome: .loginAndShowHome
    case .registerWithEmail: .registerWithEmail
    case .showProfileRegister: .showProfileRegister
    case .confirmSMS: .confirmSMS
    case .enterPassCode: .enterPassCode
    case .resetPassword: .resetPassword
    case .back: .back
    }
  }

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

/// What the app must show after a transition: the Mealy output, built from the event's payload
/// (the talk's `MonadicAutomaton` returned the next view controller).
enum SignupScreenRequest: Hashable, Sendable {
  case profileRegister(FacebookProfile)
  case home(userId: Int64)
}

enum SignupFlow {
  static let automaton = Automaton<SignupScreen, SignupEvent, SignupScreenRequest> {
    Initial(.root)
    Transition(from: .root, to: .registerRoot, by: .showRegisterRoot)
    Transition(from: .registerRoot, to: .profileRegister, by: .registerWithFacebook)
      .output("profile") { _, event in
        if case .registerWithFacebook(let profile) = event {
          .profileRegister(profile)
        } else {
          nil
        }
      }
    Transition(from: .registerRoot, to: .startWithMercari, by: .startWithMercari)
    Transition(from: .registerRoot, to: .emailLogin, by: .loginWithEmail)
    Transition(from: .registerRoot, to: .atteLogin, by: .loginWithAtte)
    Transition(from: .registerRoot, to: .home, by: .loginAndShowHome)
      .guarded("has token") { _, event in
        if case .loginAndShowHome(let token, _) = event { !token.isEmpty } else { false }
      }
      .output("home") { _, event in homeRequest(event) }
    Transition(from: .registerRoot, to: .emailSignUp, by: .registerWithEmail)
    Transition(from: .registerRoot, to: .root, by: .back)
    Transition(from: .emailSignUp, to: .profileRegister, by: .showProfileRegister)
    Transition(from: .startWithMercari, to: .profileRegister, by: .showProfileRegister)
    Transition(from: .startWithMercari, to: .home, by: .loginAndShowHome)
      .output("home") { _, event in homeRequest(event) }
    Transition(from: .profileRegister, to: .confirmSMS, by: .confirmSMS)
    Transition(from: .confirmSMS, to: .passCode, by: .enterPassCode)
    Transition(from: .confirmSMS, to: .home, by: .loginAndShowHome)
      .output("home") { _, event in homeRequest(event) }
    Transition(from: .passCode, to: .home, by: .loginAndShowHome)
      .output("home") { _, event in homeRequest(event) }
    Transition(from: .emailLogin, to: .home, by: .loginAndShowHome)
      .output("home") { _, event in homeRequest(event) }
    Transition(from: .emailLogin, to: .resetPassword, by: .resetPassword)
    Transition(from: .resetPassword, to: .emailLogin, by: .loginWithEmail)
    Transition(from: .atteLogin, to: .home, by: .loginAndShowHome)
      .output("home") { _, event in homeRequest(event) }
    Final(.home)
  }

  private static func homeRequest(_ event: SignupEvent) -> SignupScreenRequest? {
    if case .loginAndShowHome(_, let userId) = event { .home(userId: userId) } else { nil }
  }

  static let samples = SignupEvent.Kind.allCases.map(SignupEvent.sample(of:))
}
