import Finita
import FinitaAutomaton
import FinitaExamples
import FinitaObservation
import FinitaRedux
import FinitaRouting
import Testing

/// A navigation controller as the tests see one: the screens above the root, each with its
/// route; an interactive back swipe pops the top one and tells the delegate, as UIKit's
/// `didShow` does.
@MainActor
final class SimulatedNavigationController: NavigationHost {
  private(set) var shownRoutes: [SignupRoute] = []
  private(set) var transitions = 0
  var follower: RouteFollower<SimulatedNavigationController>?

  /// The screen on top: what the user sees.
  var visibleScreen: SignupScreen {
    shownRoutes.last?.screen ?? .root
  }

  func show(_ change: RouteChange<SignupRoute>) {
    transitions += 1
    shownRoutes.removeLast(change.popCount)
    shownRoutes += change.pushed
  }

  /// The user swipes from the left edge and lets go past the middle: the top screen is gone.
  func interactiveBackSwipe() {
    shownRoutes.removeLast()
    follower?.hostDidShow(shownRoutes)
  }

  /// The user starts a swipe and lets go early: the same screen is shown again.
  func cancelledBackSwipe() {
    follower?.hostDidShow(shownRoutes)
  }

  /// A view pushes a screen by itself, past the machine.
  func pushByItself(_ route: SignupRoute) {
    shownRoutes.append(route)
    follower?.hostDidShow(shownRoutes)
  }
}

/// One step of the app-like run: what the user does, and the screen the machine must be on.
private enum Step {
  case event(SignupEvent, SignupScreen)
  case swipeBack(SignupScreen)
  case cancelledSwipe(SignupScreen)
  case pushByItself(SignupRoute, SignupScreen)
}

/// The talk's route with a back swipe in the middle: the user goes back from the profile form to
/// the email sign-up, changes his mind halfway through a second swipe, then signs up.
private let steps: [Step] = [
  .event(.showRegisterRoot(loginMode: nil), .registerRoot),
  .event(.registerWithEmail, .emailSignUp),
  .event(.showProfileRegister, .profileRegister),
  .swipeBack(.emailSignUp),
  .event(.showProfileRegister, .profileRegister),
  .cancelledSwipe(.profileRegister),
  .pushByItself(.passCode, .profileRegister),
  .event(.confirmSMS(phoneNumber: "+81 90 1234 5678"), .confirmSMS),
  .event(.enterPassCode, .passCode),
  .event(.loginAndShowHome(token: "abc", userId: 7), .home),
]

@Suite(
  "Signup navigation (seeds 003, 004): a route stack the screen follows and reports back to",
  .timeLimit(.minutes(1)))
@MainActor
struct SignupNavigationTests {
  @Test("as a feature: machine, route stack and screen agree after every step, swipe included")
  func featureEndToEnd() {
    let flow = SignupNavigation.makeFeature()
    let host = SimulatedNavigationController()
    let follower = RouteFollower(host: host) { path in flow.accept(.navigated(to: path)) }
    host.follower = follower
    let subscription = flow.observeState { state in
      MainActor.assumeIsolated { follower.follow(state.routes) }
    }
    run(host) {
      flow.accept(.event($0))
    } state: {
      flow.state
    }
    #expect(host.shownRoutes == [.home(token: "abc", userId: 7)])
    #expect(SignupFlow.automaton.isFinal(flow.state.screen))
    subscription.cancel()
    flow.dispose()
  }

  @Test(
    "as a store in a Binder graph: the same run, states bound to the screen, reports to actions")
  func storeEndToEnd() {
    let store = Store(
      initialState: SignupNavigation.State(),
      configuration: .init(name: "SignupStore", isolation: .mainActor),
      reduce: SignupNavigation.apply
    )
    let host = SimulatedNavigationController()
    let reports = BindingSink<SignupNavigation.Wish>.actions(of: store)
    let follower = RouteFollower(host: host) { path in reports(.navigated(to: path)) }
    host.follower = follower
    let binder = Binder()
    binder.bind(
      .states(of: store),
      to: .closure { state in
        MainActor.assumeIsolated { follower.follow(state.routes) }
      })
    run(host) {
      store.dispatch(.event($0))
    } state: {
      store.state
    }
    #expect(host.shownRoutes == [.home(token: "abc", userId: 7)])
    binder.cancel()
    store.dispose()
  }

  @Test("as a store behind a SwiftUI-like path binding: a shorter path written by the view pops")
  func storeModelPath() {
    let model = StoreModel(
      Store(initialState: SignupNavigation.State(), reduce: SignupNavigation.apply))
    // What `NavigationStack(path: model.binding(\.routes.path, send: { .navigated(to: $0) }))`
    // reads and writes.
    var path: [SignupRoute] {
      get { model.state.routes.path }
      set { model.dispatch(.navigated(to: newValue)) }
    }
    model.dispatch(.event(.showRegisterRoot(loginMode: nil)))
    model.dispatch(.event(.loginWithEmail(showsCancelButton: true)))
    model.dispatch(.event(.resetPassword))
    #expect(
      path == [.registerRoot(loginMode: nil), .emailLogin(showsCancelButton: true), .resetPassword])
    path.removeLast()  // the swipe
    #expect(model.state.screen == .emailLogin)
    #expect(path == [.registerRoot(loginMode: nil), .emailLogin(showsCancelButton: true)])
    path.append(.passCode)  // a forward move from the view is refused
    #expect(model.state.screen == .emailLogin)
    #expect(model.state.refusal != nil)
    model.store.dispose()
  }

  @Test("the flow's events without a UI: a table move pushes, back pops, home replaces")
  func reducerAlone() {
    var state = SignupNavigation.State()
    SignupNavigation.apply(&state, .event(.showRegisterRoot(loginMode: "facebook")))
    SignupNavigation.apply(&state, .event(.enterPassCode))  // not expected here: nothing
    #expect(state.routes.path == [.registerRoot(loginMode: "facebook")])
    SignupNavigation.apply(&state, .event(.back))
    #expect(state.routes.isEmpty && state.screen == .root)
    SignupNavigation.apply(&state, .event(.showRegisterRoot(loginMode: nil)))
    SignupNavigation.apply(&state, .event(.loginAndShowHome(token: "t", userId: 1)))
    #expect(state.routes.path == [.home(token: "t", userId: 1)])
  }

  /// Runs ``steps`` through `host`, checking after each that the machine's screen is the one
  /// expected, and that the stack and the screen shown agree with it.
  private func run(
    _ host: SimulatedNavigationController,
    send: (SignupEvent) -> Void,
    state: () -> SignupNavigation.State
  ) {
    for (index, step) in steps.enumerated() {
      let expected: SignupScreen
      switch step {
      case .event(let event, let screen):
        send(event)
        expected = screen
      case .swipeBack(let screen):
        host.interactiveBackSwipe()
        expected = screen
      case .cancelledSwipe(let screen):
        host.cancelledBackSwipe()
        expected = screen
      case .pushByItself(let route, let screen):
        host.pushByItself(route)
        expected = screen
        #expect(state().refusal != nil, "step \(index): a push from the view is refused")
      }
      let now = state()
      #expect(now.screen == expected, "step \(index): the machine's screen")
      #expect(host.shownRoutes == now.routes.path, "step \(index): the screen follows the stack")
      #expect(host.visibleScreen == now.screen, "step \(index): the screen shown")
    }
  }
}
