import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Signup flow (screens as states, events with payloads)")
struct SignupFlowTests {
  /// The talk's `tryRoute`: replays events from the root and returns the final screen, or nil
  /// as soon as an event is undefined.
  func tryRoute(_ events: [SignupEvent]) -> SignupScreen? {
    var current: SignupScreen? = .root
    for event in events {
      current = current.flatMap { SignupFlow.mealyAutomaton.transition(from: $0, by: event) }
    }
    return current
  }

  @Test("signing up by email ends at home (the talk's route test)")
  func signUpByEmail() {
    #expect(
      tryRoute([
        .showRegisterRoot(loginMode: nil), .registerWithEmail, .showProfileRegister,
        .confirmSMS(phoneNumber: "+81 90 1234 5678"), .loginAndShowHome(token: "abc", userId: 7),
      ]) == .home)
  }

  @Test(
    "routes replay to the expected screen",
    arguments: [
      (
        [
          SignupEvent.showRegisterRoot(loginMode: "facebook"),
          .registerWithFacebook(profile: FacebookProfile(name: "Minh")),
          .confirmSMS(phoneNumber: "1"), .enterPassCode, .loginAndShowHome(token: "t", userId: 1),
        ],
        SignupScreen.home
      ),
      (
        [
          .showRegisterRoot(loginMode: nil), .loginWithEmail(showsCancelButton: false),
          .resetPassword, .loginWithEmail(showsCancelButton: true),
        ], .emailLogin
      ),
      (
        [
          .showRegisterRoot(loginMode: nil),
          .startWithMercari(
            resource: MercariResource(id: "r"), token: "t", showsCloseButton: false),
          .loginAndShowHome(token: "t", userId: 2),
        ], .home
      ),
      ([.showRegisterRoot(loginMode: nil), .back], .root),
    ] as [([SignupEvent], SignupScreen)])
  func routes(events: [SignupEvent], screen: SignupScreen) {
    #expect(tryRoute(events) == screen)
  }

  @Test("an impossible route stops at the first undefined event")
  func impossibleRoute() {
    #expect(tryRoute([.showRegisterRoot(loginMode: nil), .enterPassCode, .back]) == nil)
  }

  @Test("a guard looks at the payload: no token, no direct login")
  func guardOnPayload() throws {
    var machine = AutomatonMachine(SignupFlow.mealyAutomaton, state: .registerRoot)
    #expect(
      try machine.step(.loginAndShowHome(token: "", userId: 1))
        == .ignored(
          in: .registerRoot, kind: .loginAndShowHome))
    #expect(
      try machine.step(.loginAndShowHome(token: "t", userId: 9))
        == .transitioned(
          from: .registerRoot, to: .home, output: .home(userId: 9)))
    #expect(machine.isFinal)
  }

  @Test("every screen × every event kind goes where the graph says, or is undefined")
  func matrix() {
    expectMatrix(
      SignupFlow.mealyAutomaton,
      samples: SignupFlow.samples,
      expected: [
        .root: [.showRegisterRoot: .registerRoot],
        .registerRoot: [
          .registerWithFacebook: .profileRegister, .startWithMercari: .startWithMercari,
          .loginWithEmail: .emailLogin, .loginWithAtte: .atteLogin, .loginAndShowHome: .home,
          .registerWithEmail: .emailSignUp, .back: .root,
        ],
        .emailSignUp: [.showProfileRegister: .profileRegister],
        .startWithMercari: [.showProfileRegister: .profileRegister, .loginAndShowHome: .home],
        .profileRegister: [.confirmSMS: .confirmSMS],
        .confirmSMS: [.enterPassCode: .passCode, .loginAndShowHome: .home],
        .passCode: [.loginAndShowHome: .home],
        .emailLogin: [.loginAndShowHome: .home, .resetPassword: .resetPassword],
        .resetPassword: [.loginWithEmail: .emailLogin],
        .atteLogin: [.loginAndShowHome: .home],
        .home: [:],
      ]
    )
  }

  @Test("the flow is valid: every screen is reachable and only home is final")
  func valid() throws {
    try SignupFlow.mealyAutomaton.validate()
  }
}
