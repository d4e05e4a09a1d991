import Finita
import FinitaAutomaton
import FinitaExamples
import Testing

/// A router that writes down where it was sent, as a UIKit coordinator would navigate.
@MainActor
final class RouteLog: Router {
  private(set) var routes: [SignupRoute] = []

  func route(_ route: SignupRoute) {
    routes.append(route)
  }
}

@Suite(
  "Signup flow (seed 003): the screen graph as a feature that routes with news",
  .timeLimit(.minutes(1)))
@MainActor
struct SignupFlowTests {
  @Test("the slide's sequence signs up by email, ends at home, and routes every screen")
  func slideSequence() {
    let flow = SignupFlow.makeFeature()
    let router = RouteLog()
    let subscription = router.follow(flow)
    let events: [SignupEvent] = [
      .showRegisterRoot(loginMode: nil), .registerWithEmail, .showProfileRegister,
      .confirmSMS(phoneNumber: "+81 90 1234 5678"), .loginAndShowHome(token: "abc", userId: 7),
    ]
    for event in events {
      flow.accept(event)
    }
    #expect(flow.state == .home)
    #expect(
      router.routes == [
        .registerRoot(loginMode: nil), .emailSignUp, .profileRegister(prefilledWith: nil),
        .confirmSMS(phoneNumber: "+81 90 1234 5678"), .home(token: "abc", userId: 7),
      ])
    #expect(SignupFlow.automaton.isFinal(flow.state))
    subscription.cancel()
    flow.dispose()
  }

  @Test("events a screen does not expect change nothing and route nowhere")
  func unexpectedEvents() {
    let flow = SignupFlow.makeFeature()
    let router = RouteLog()
    let subscription = router.follow(flow)
    flow.accept(.enterPassCode)
    flow.accept(.showRegisterRoot(loginMode: "facebook"))
    flow.accept(.loginAndShowHome(token: "", userId: 1))  // the guard: no token, no login
    flow.accept(.back)
    #expect(flow.state == .root)
    #expect(router.routes == [.registerRoot(loginMode: "facebook"), .back(to: .root)])
    subscription.cancel()
    flow.dispose()
  }

  @Test("a Facebook profile and a Mercari token reach the screens that need them")
  func payloadsReachTheRoutes() {
    let flow = SignupFlow.makeFeature()
    let router = RouteLog()
    let subscription = router.follow(flow)
    let profile = FacebookProfile(name: "Minh")
    flow.accept(.showRegisterRoot(loginMode: nil))
    flow.accept(.registerWithFacebook(profile: profile))
    flow.accept(.confirmSMS(phoneNumber: "1"))
    flow.accept(.enterPassCode)
    #expect(
      router.routes.suffix(3) == [
        .profileRegister(prefilledWith: profile), .confirmSMS(phoneNumber: "1"), .passCode,
      ])
    #expect(flow.state == .passCode)
    subscription.cancel()
    flow.dispose()
  }

  @Test("a feature that processes off the main actor still routes, in order")
  func routesFromAnotherIsolation() async {
    let flow = Feature(initialState: SignupScreen.root, definition: SignupFlow())
    let router = RouteLog()
    let subscription = router.follow(flow)
    flow.accept(.showRegisterRoot(loginMode: nil))
    flow.accept(.loginWithEmail(showsCancelButton: false))
    flow.accept(.resetPassword)
    let expected: [SignupRoute] = [
      .registerRoot(loginMode: nil), .emailLogin(showsCancelButton: false), .resetPassword,
    ]
    for _ in 0..<10_000 where router.routes.count < expected.count {
      await Task.yield()
    }
    #expect(router.routes == expected)
    subscription.cancel()
    flow.dispose()
  }

  @Test("the graph is valid: every screen is reachable and only home is final")
  func graphIsValid() throws {
    try SignupFlow.automaton.validate()
  }
}
