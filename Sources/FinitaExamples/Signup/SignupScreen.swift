/// A screen of the signup flow of the Mercari Atte talk (seed 003): every screen is a state.
public enum SignupScreen: Hashable, CaseIterable, Sendable {
  /// The first screen.
  case root
  /// The choice between the ways to register or log in.
  case registerRoot
  /// The profile form, prefilled from Facebook when the user came that way.
  case profileRegister
  /// Continue with a Mercari account.
  case startWithMercari
  /// Log in with an email address.
  case emailLogin
  /// Log in with an Atte account.
  case atteLogin
  /// The app's home screen: the end of the flow.
  case home
  /// Enter the code sent by SMS.
  case confirmSMS
  /// Choose a pass code.
  case passCode
  /// Register with an email address.
  case emailSignUp
  /// Reset a forgotten password.
  case resetPassword
}
