/// Where the app must go after a transition of the signup flow, with what the next screen
/// needs: the news a ``Router`` acts on.
///
/// The talk built the next view controller inside the state machine; here the machine only says
/// where to go, and the app's router decides how (push, present, replace the window's root).
public enum SignupRoute: Hashable, Sendable {
  /// Show the register screen.
  case registerRoot(loginMode: String?)
  /// Show the profile form, prefilled when a Facebook profile is known.
  case profileRegister(prefilledWith: FacebookProfile?)
  /// Show "continue with Mercari".
  case startWithMercari(resource: MercariResource, token: String, showsCloseButton: Bool)
  /// Show the email login.
  case emailLogin(showsCancelButton: Bool)
  /// Show the Atte login.
  case atteLogin(resource: MercariResource, token: String)
  /// Replace the flow with the home screen of the logged-in user.
  case home(token: String, userId: Int64)
  /// Show the email registration.
  case emailSignUp
  /// Show the SMS confirmation for the number.
  case confirmSMS(phoneNumber: String)
  /// Show the pass code screen.
  case passCode
  /// Show the password reset.
  case resetPassword
  /// Go back to a screen already shown.
  case back(to: SignupScreen)

  /// The route for entering `screen` by `event`, built from the event's payload.
  ///
  /// - Parameters:
  ///   - screen: The screen the flow moved to.
  ///   - event: The event that moved it.
  /// - Returns: The route.
  public init(entering screen: SignupScreen, by event: SignupEvent) {
    switch (screen, event) {
    case (_, .back):
      self = .back(to: screen)
    case (.registerRoot, .showRegisterRoot(let loginMode)):
      self = .registerRoot(loginMode: loginMode)
    case (.profileRegister, .registerWithFacebook(let profile)):
      self = .profileRegister(prefilledWith: profile)
    case (.startWithMercari, .startWithMercari(let resource, let token, let showsCloseButton)):
      self = .startWithMercari(
        resource: resource, token: token, showsCloseButton: showsCloseButton)
    case (.emailLogin, .loginWithEmail(let showsCancelButton)):
      self = .emailLogin(showsCancelButton: showsCancelButton)
    case (.atteLogin, .loginWithAtte(let resource, let token)):
      self = .atteLogin(resource: resource, token: token)
    case (.home, .loginAndShowHome(let token, let userId)):
      self = .home(token: token, userId: userId)
    case (.confirmSMS, .confirmSMS(let phoneNumber)):
      self = .confirmSMS(phoneNumber: phoneNumber)
    case (.root, _):
      self = .back(to: .root)
    case (.registerRoot, _):
      self = .registerRoot(loginMode: nil)
    case (.profileRegister, _):
      self = .profileRegister(prefilledWith: nil)
    case (.emailLogin, _):
      self = .emailLogin(showsCancelButton: true)
    case (.emailSignUp, _):
      self = .emailSignUp
    case (.passCode, _):
      self = .passCode
    case (.resetPassword, _):
      self = .resetPassword
    case (.startWithMercari, _), (.atteLogin, _), (.home, _), (.confirmSMS, _):
      // The table enters these screens only by the events matched above.
      preconditionFailure("Internal inconsistency: \(screen) entered by \(event)")
    }
  }
}
