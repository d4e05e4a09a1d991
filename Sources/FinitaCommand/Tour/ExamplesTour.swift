import Finita
import FinitaExamples

/// The seed scenarios of `FinitaExamples`, each in a short scripted session; the paginator over
/// HTTP is `HTTPPaginatorTour`, which needs the `HTTPExamples` trait.
enum ExamplesTour {
  static func run(_ output: inout TourOutput) async {
    await callTracker(&output)
    await paginator(&output)
    await ResumeTour.run(&output)
    await signupFlow(&output)
    await signupNavigation(&output)
    parkingMeter(&output)
    musicPlayer(&output)
    await itemListScreen(&output)
  }

  // MARK: - CallTracker

  private static func callTracker(_ output: inout TourOutput) async {
    output.section("Call tracker (seeds 000, 002): a call, then a cancelled alert")
    output.note("(the waiting timer is shortened from 1 s to 50 ms for the tour)")
    let tracker = Feature(
      initialState: CallState.none,
      definition: CallTracker(waitingTime: .milliseconds(50)),
      configuration: .init(name: "CallTracker"),
      trace: tracePrinter(CallTracker.self)
    )
    let events: [CallEvent] = [
      .trackOutgoingCall, .willResignActive, .didBecomeActive, .willResignActive,
      .didEnterBackground, .willEnterForeground, .didBecomeActive,
    ]
    for event in events { tracker.accept(event) }
    // The cancelled timer's task may end on another thread, which then handles the wishes
    // queued meanwhile: wait for it, so this note comes after their lines.
    await tracker.idle()
    output.note("(the user taps the number again, then Cancel in the alert)")
    let states = tracker.states
    for event in [CallEvent.trackOutgoingCall, .willResignActive, .didBecomeActive] {
      tracker.accept(event)
    }
    for await state in states.dropFirst() where state == .none {
      break
    }
    await tracker.idle()
    tracker.dispose()
    await lifecycleTracker(&output)
  }

  /// A tracker whose Bootstrapper subscribes to the app's lifecycle (seed 001): the app sends
  /// only `trackOutgoingCall`; the lifecycle events come from the subscription.
  private static func lifecycleTracker(_ output: inout TourOutput) async {
    output.note(
      "(a tracker whose Bootstrapper subscribes to the lifecycle: the app forwards nothing)")
    let (events, lifecycle) = AsyncStream.makeStream(of: CallEvent.self)
    let tracker = Feature(
      initialState: CallState.none,
      definition: CallTracker(lifecycle: AppLifecycle { events }),
      configuration: .init(name: "CallTracker"),
      trace: tracePrinter(CallTracker.self)
    )
    tracker.accept(.trackOutgoingCall)
    let notifications: [CallEvent] = [
      .willResignActive, .didBecomeActive, .willResignActive, .didEnterBackground,
      .willEnterForeground, .didBecomeActive,
    ]
    for event in notifications { lifecycle.yield(event) }
    lifecycle.finish()  // the subscription ends with the sequence
    await tracker.idle()
    tracker.dispose()
  }

  // MARK: - Paginator

  private static func paginator(_ output: inout TourOutput) async {
    output.section("Paginator (seeds 000, 001) over an in-memory source")
    output.note("(12 items in pages of 5, served from memory: no server, no waiting)")
    let source = InMemoryPageSource(catalog: .seeded(itemCount: 12, pageSize: 5))
    await PaginatorSession.run(&output, source: source) { source.failNextLoad(ofPage: 1) }
  }

  // MARK: - Signup flow

  @MainActor
  private final class PrintingRouter: Router {
    func route(_ route: SignupRoute) {
      print("   router  \(route)")
    }
  }

  @MainActor
  private static func signupFlow(_ output: inout TourOutput) {
    output.section("Signup flow (seed 003): screens as states, routes as news")
    let flow = Feature(
      initialState: SignupScreen.root,
      definition: SignupFlow(),
      configuration: .init(name: "SignupFlow", isolation: .mainActor),
      trace: tracePrinter(SignupFlow.self)
    )
    let router = PrintingRouter()
    let subscription = router.follow(flow)
    let events: [SignupEvent] = [
      .showRegisterRoot(loginMode: nil), .registerWithEmail, .showProfileRegister,
      .confirmSMS(phoneNumber: "+81 90 1234 5678"), .loginAndShowHome(token: "abc", userId: 7),
    ]
    for event in events { flow.accept(event) }
    output.note("(final screen: \(flow.state))")
    subscription.cancel()
    flow.dispose()
  }

  // MARK: - Parking meter

  private static func parkingMeter(_ output: inout TourOutput) {
    output.section("Parking meter (seed 002): pay 500 for 300")
    let meter = Feature(
      initialState: ParkingState.idle,
      definition: ParkingMeter(fee: 300),
      configuration: .init(name: "ParkingMeter"),
      trace: tracePrinter(ParkingMeter.self)
    )
    for event in [ParkingEvent.enterPlate("A 123 BC"), .insert(amount: 100), .insert(amount: 500)] {
      meter.accept(event)
    }
    meter.dispose()
  }

  // MARK: - Music player

  private static func musicPlayer(_ output: inout TourOutput) {
    output.section("Music player (seed 002): play toggles, a second stop is ignored")
    let player = Feature(
      initialState: MusicPlayerState(playlist: [
        Track(title: "Blood Type", artist: "Kino"),
        Track(title: "Summer", artist: "Kino"),
      ]),
      definition: MusicPlayer(),
      configuration: .init(name: "MusicPlayer"),
      trace: tracePrinter(MusicPlayer.self)
    )
    for button in [PlayerButton.play, .play, .play, .next, .stop, .stop] {
      player.accept(button)
    }
    player.dispose()
  }

  // MARK: - MVVM screen

  @MainActor
  private static func itemListScreen(_ output: inout TourOutput) async {
    output.section("An MVVM screen: MVI state -> UIStateMapper -> ViewModel -> View")
    let source = InMemoryPageSource(catalog: .seeded(itemCount: 4, pageSize: 2))
    let viewModel = ItemListViewModel(source: source)
    let subscription = viewModel.observe { viewState in
      print("   render  \(describe(viewState))")
    }
    var viewStates = viewModel.viewStates.makeAsyncIterator()
    _ = await viewStates.next(isolation: #isolation)
    output.note("(the screen appears)")
    viewModel.viewDidAppear()
    while let viewState = await viewStates.next(isolation: #isolation),
      viewState.body == .placeholders
    {}
    output.note("(the user scrolls to the end)")
    viewModel.didScrollToEnd()
    while let viewState = await viewStates.next(isolation: #isolation), viewState.footer == .spinner
    {}
    subscription.cancel()
  }

  private static func describe(_ viewState: ItemListViewState) -> String {
    let body =
      switch viewState.body {
      case .blank: "blank"
      case .placeholders: "placeholders"
      case .rows(let rows): rows.map { "\"\($0.title) / \($0.subtitle)\"" }.joined(separator: ", ")
      case .failure(let message): "failure: \(message)"
      }
    let footer =
      switch viewState.footer {
      case .none: ""
      case .spinner: " + footer spinner"
      case .retry(let message): " + footer retry (\(message))"
      }
    return "\(viewState.title): \(body)\(footer)\(viewState.isRefreshing ? " + refreshing" : "")"
  }
}
