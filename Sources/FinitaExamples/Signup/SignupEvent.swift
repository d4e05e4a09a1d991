import FinitaAutomaton

/// What the user did on a signup screen, with the data the next screen needs.
///
/// The talk's pain point was that events with associated values cannot be keys of a transition
/// table; here the table is keyed by ``Kind`` and the full event still reaches guards and the
/// route.
public enum SignupEvent: AutomatonEvent, Hashable {
  /// Open the register screen, perhaps in a login mode.
  case showRegisterRoot(loginMode: String?)
  /// Register with a Facebook profile.
  case registerWithFacebook(profile: FacebookProfile)
  /// Continue with a Mercari account.
  case startWithMercari(resource: MercariResource, token: String, showsCloseButton: Bool)
  /// Log in with an email address.
  case loginWithEmail(showsCancelButton: Bool)
  /// Log in with an Atte account.
  case loginWithAtte(resource: MercariResource, token: String)
  /// The user is logged in: show home.
  case loginAndShowHome(token: String, userId: Int64)
  /// Register with an email address.
  case registerWithEmail
  /// Go on to the profile form.
  case showProfileRegister
  /// Confirm a phone number by SMS.
  case confirmSMS(phoneNumber: String)
  /// Go on to choosing a pass code.
  case enterPassCode
  /// Reset a forgotten password.
  case resetPassword
  /// Go back.
  case back

  /// The case of an event without its payload: the key of the transition table.
  public enum Kind: Hashable, CaseIterable, Sendable {
    /// ``SignupEvent/showRegisterRoot(loginMode:)``
    case showRegisterRoot
    /// ``SignupEvent/registerWithFacebook(profile:)``
    case registerWithFacebook
    /// ``SignupEvent/startWithMercari(resource:token:showsCloseButton:)``
    case startWithMercari
    /// ``SignupEvent/loginWithEmail(showsCancelButton:)``
    case loginWithEmail
    /// ``SignupEvent/loginWithAtte(resource:token:)``
    case loginWithAtte
    /// ``SignupEvent/loginAndShowHome(token:userId:)``
    case loginAndShowHome
    /// ``SignupEvent/registerWithEmail``
    case registerWithEmail
    /// ``SignupEvent/showProfileRegister``
    case showProfileRegister
    /// ``SignupEvent/confirmSMS(phoneNumber:)``
    case confirmSMS
    /// ``SignupEvent/enterPassCode``
    case enterPassCode
    /// ``SignupEvent/resetPassword``
    case resetPassword
    /// ``SignupEvent/back``
    case back
  }

  /// The case of this event without its payload.
  public var kind: Kind {
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
}
