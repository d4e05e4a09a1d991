import Finita
import FinitaExamples
import FinitaRouting

extension ExamplesTour {
  /// A navigation controller that prints what it shows and can be swiped back.
  @MainActor
  private final class PrintingNavigation: NavigationHost {
    private(set) var shownRoutes: [SignupRoute] = []
    var follower: RouteFollower<PrintingNavigation>?

    func show(_ change: RouteChange<SignupRoute>) {
      shownRoutes.removeLast(change.popCount)
      shownRoutes += change.pushed
      print("   screen  \(shownRoutes.last.map { "\($0)" } ?? "root") (\(shownRoutes.count) deep)")
    }

    func interactiveBackSwipe() {
      shownRoutes.removeLast()
      print("   screen  swiped back to \(shownRoutes.last.map { "\($0)" } ?? "root")")
      follower?.hostDidShow(shownRoutes)
    }
  }

  /// The signup flow on a route stack: the machine pushes, the user swipes back, the machine
  /// follows.
  @MainActor
  static func signupNavigation(_ output: inout TourOutput) {
    output.section("Signup navigation (seeds 003, 004): a route stack, a back swipe reported")
    let flow = SignupNavigation.makeFeature()
    let host = PrintingNavigation()
    let follower = RouteFollower(host: host) { path in flow.accept(.navigated(to: path)) }
    host.follower = follower
    let subscription = flow.observeState { state in
      MainActor.assumeIsolated { follower.follow(state.routes) }
    }
    flow.accept(.event(.showRegisterRoot(loginMode: nil)))
    flow.accept(.event(.registerWithEmail))
    flow.accept(.event(.showProfileRegister))
    host.interactiveBackSwipe()
    output.note("(the machine followed the swipe: its screen is \(flow.state.screen))")
    flow.accept(.event(.showProfileRegister))
    flow.accept(.event(.confirmSMS(phoneNumber: "+81 90 1234 5678")))
    flow.accept(.event(.loginAndShowHome(token: "abc", userId: 7)))
    let stack = flow.state.routes.path.map { "\($0)" }.joined(separator: ", ")
    output.note("(final screen: \(flow.state.screen), stack [\(stack)])")
    subscription.cancel()
    flow.dispose()
  }
}
