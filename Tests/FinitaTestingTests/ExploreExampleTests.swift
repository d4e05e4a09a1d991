import Finita
import FinitaAutomaton
import FinitaExamples
import FinitaStatechart
import FinitaTesting
import Testing

// MARK: - The paginator

/// Three pages of two items, each answering after one second; the first load of page 1 fails,
/// so the retry button has something to do.
private func paginatorSource(_ clock: VirtualClock) -> InMemoryPageSource {
  let source = InMemoryPageSource(
    catalog: .seeded(itemCount: 6, pageSize: 2), latency: .seconds(1), clock: clock)
  source.failNextLoad(ofPage: 1)
  return source
}

private let paginatorWishes: Gen<PaginationWish> = .one(of: [
  Gen.bool.map { .load(isNextPage: $0) },
  .constant(.refresh),
])

/// The screen's every wish: loads, rows coming on screen, edits and deletions (of items that
/// exist, and of one that does not).
private let allPaginatorWishes: Gen<PaginationWish> = .one(of: [
  Gen.bool.map { .load(isNextPage: $0) },
  .constant(.refresh),
  Gen.int(in: 0...6).map { .itemDidAppear(at: $0) },
  Gen.int(in: 1...7).map { .edit(ListItem(id: $0, title: "Edited \($0)")) },
  Gen.int(in: 1...7).map { .delete(itemID: $0) },
])

private func isLoadStart<D: FeatureDefinition>(_ event: ExploreEvent<D>) -> Bool
where D.Effect == PaginationEffect {
  guard case .effect(let effect) = event else { return false }
  switch effect {
  case .itemsLoadingDidStart, .itemsRefreshingDidStart, .itemChangeDidStart: return true
  case .itemsDidLoad, .itemsLoadingDidFail, .itemChangeDidSucceed, .itemChangeDidFail: return false
  }
}

private func isLoadResult<D: FeatureDefinition>(_ event: ExploreEvent<D>) -> Bool
where D.Effect == PaginationEffect {
  guard case .effect(let effect) = event else { return false }
  switch effect {
  case .itemsDidLoad, .itemsLoadingDidFail, .itemChangeDidSucceed, .itemChangeDidFail: return true
  case .itemsLoadingDidStart, .itemsRefreshingDidStart, .itemChangeDidStart: return false
  }
}

/// The article's promises: one request at a time, a page or a change (a duplicate scroll while
/// a page loads starts no second request), and what is on screen is the catalog's items in
/// order (nothing twice; with edits and deletions, identifiers still increase and come from the
/// catalog; without them, exactly the catalog's first items).
private func paginatorInvariants<D: FeatureDefinition>() -> [ExploreInvariant<D>]
where D.Effect == PaginationEffect, D.State == PaginationState {
  let catalog = PageCatalog.seeded(itemCount: 6, pageSize: 2)
  let ids = Set(catalog.items.map(\.id))
  return [
    .after(
      "one request at a time", isLoadStart, expect: isLoadResult, beforeAny: isLoadStart),
    .always("the items are the catalog's, in order, each once") { state in
      guard let items = state.paginationItems?.items else { return true }
      let shown = items.map(\.id)
      return zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 } && shown.allSatisfy(ids.contains)
    },
    .always("without a pending change, unedited items are the catalog's") { state in
      guard state.pendingChange == nil, let items = state.paginationItems?.items else {
        return true
      }
      return items.allSatisfy { item in
        item.title.hasPrefix("Edited") || catalog.items.contains(item)
      }
    },
  ]
}

private func paginatorKind(_ state: PaginationState) -> String {
  switch state.data {
  case .initial: "initial"
  case .loading: "loading"
  case .error: "error"
  case .content(_, nil): "content"
  case .content(_, .refreshing): "content, refreshing"
  case .content(_, .nextPageLoading): "content, next page loading"
  case .content(_, .nextPageLoadingError): "content, next page error"
  }
}

/// Planted bug: a retry (a next-page load) that comes while a next page loads passes the guard,
/// so the page is requested twice.
private struct TwiceLoadingPaginator: FeatureDefinition {
  let base: Paginator

  func act(_ state: PaginationState, _ action: PaginationWish) -> Effects<PaginationEffect> {
    if action == .load(isNextPage: true), case .content(let items, .nextPageLoading) = state.data {
      return base.act(PaginationState(data: .content(items, loadingOption: nil)), action)
    }
    return base.act(state, action)
  }

  func reduce(_ state: inout PaginationState, _ effect: PaginationEffect) {
    base.reduce(&state, effect)
  }
}

// MARK: - The call tracker

private func isLeavingWaiting<D: FeatureDefinition>(_ event: ExploreEvent<D>) -> Bool
where D.State == CallState {
  if case .state(.waiting, let current) = event { current != .waiting } else { false }
}

private func isEnteringWaiting<D: FeatureDefinition>(_ event: ExploreEvent<D>) -> Bool
where D.State == CallState {
  if case .state(_, .waiting) = event { true } else { false }
}

/// The article's promises: the one-second waiting timer belongs to the waiting state (it fires
/// there, or is cancelled when the tracker leaves it), and `callEnded` is published on the way
/// back to `none` after a call.
private func callTrackerInvariants<D: FeatureDefinition>() -> [ExploreInvariant<D>]
where D.State == CallState, D.Effect == CallTracker.Effect, D.News == CallTracker.News {
  [
    .after(
      "the waiting timer fires only while waiting", isLeavingWaiting, expect: isEnteringWaiting,
      beforeAny: { event in
        if case .effect(.waitingTimerFired) = event { true } else { false }
      }),
    .news("callEnded is published back in none") { _, state in state == CallState.none },
  ]
}

/// Planted bug: leaving `waiting` (the call starts, or the user hangs up from the alert) no
/// longer cancels the waiting timer, which then fires in whatever state comes next.
private struct TimerSurvivingCallTracker: FeatureDefinition {
  let base: CallTracker

  func act(_ state: CallState, _ action: CallEvent) -> Effects<CallTracker.Effect> {
    switch (state, action) {
    case (.waiting, .willResignActive): .just(.moved(from: .waiting, to: .callStarting))
    case (.waiting, .userDidCancel): .just(.moved(from: .waiting, to: .none))
    default: base.act(state, action)
    }
  }

  func reduce(_ state: inout CallState, _ effect: CallTracker.Effect) {
    base.reduce(&state, effect)
  }

  func publishNews(_ action: CallEvent, _ effect: CallTracker.Effect, _ state: CallState)
    -> CallTracker.News?
  {
    base.publishNews(action, effect, state)
  }

  func postProcess(_ action: CallEvent, _ effect: CallTracker.Effect, _ state: CallState)
    -> CallEvent?
  {
    base.postProcess(action, effect, state)
  }
}

// MARK: - The signup flow

private let signupWishes: Gen<SignupEvent> = {
  let token = Gen.element(of: ["", "t0k3n"])
  let resource = MercariResource(id: "r1")
  return .one(of: [
    Gen.optional(.element(of: ["sms"])).map { .showRegisterRoot(loginMode: $0) },
    .constant(.registerWithFacebook(profile: FacebookProfile(name: "Ann"))),
    token.map { .startWithMercari(resource: resource, token: $0, showsCloseButton: false) },
    Gen.bool.map { .loginWithEmail(showsCancelButton: $0) },
    token.map { .loginWithAtte(resource: resource, token: $0) },
    token.map { .loginAndShowHome(token: $0, userId: 1) },
    .constant(.registerWithEmail),
    .constant(.showProfileRegister),
    .constant(.confirmSMS(phoneNumber: "+15550100")),
    .constant(.enterPassCode),
    .constant(.resetPassword),
    .constant(.back),
  ])
}()

/// The article's promises: an event the current screen does not expect changes nothing and
/// routes nowhere, so every route comes with a move to another screen; a back route names the
/// screen shown; and home is final.
private func signupInvariants<D: FeatureDefinition>() -> [ExploreInvariant<D>]
where D.State == SignupScreen, D.News == SignupRoute {
  [
    ExploreInvariant("a route only with a move to another screen") {
      var moved = false
      return { event in
        switch event {
        case .state(let previous, let current):
          moved = previous != current
        case .news(let route):
          defer { moved = false }
          if !moved { return "\(route) was published without a move" }
        default:
          break
        }
        return nil
      }
    },
    .news("a back route names the screen shown") { route, screen in
      if case .back(let target) = route { target == screen } else { true }
    },
    ExploreInvariant("home is final") {
      var home = false
      return { event in
        guard case .state(_, let screen) = event else { return nil }
        if home && screen != .home { return "the flow left home for \(screen)" }
        home = screen == .home
        return nil
      }
    },
  ]
}

/// Planted bug: back on the first screen "moves" to the same screen, so a route is published
/// and the router pops a screen that is not there.
private struct BackLeavingRouteSignup: FeatureDefinition {
  let base = SignupFlow()

  func act(_ state: SignupScreen, _ action: SignupEvent) -> Effects<SignupFlow.Effect> {
    if state == .root, action == .back { return .just(.moved(from: .root, to: .root)) }
    return base.act(state, action)
  }

  func reduce(_ state: inout SignupScreen, _ effect: SignupFlow.Effect) {
    base.reduce(&state, effect)
  }

  func publishNews(_ action: SignupEvent, _ effect: SignupFlow.Effect, _ state: SignupScreen)
    -> SignupRoute?
  {
    base.publishNews(action, effect, state)
  }
}

// MARK: - The music player

private let playlist = [
  Track(title: "One", artist: "A"), Track(title: "Two", artist: "B"),
  Track(title: "Three", artist: "C"),
]

@Suite("Exploring the examples, and finding bugs planted in copies", .timeLimit(.minutes(2)))
struct ExploreExampleTests {
  @Test("the paginator keeps its promises, with rows on screen, edits and deletions")
  func paginator() async {
    var explorer = Explorer(
      initialState: PaginationState(), wishes: allPaginatorWishes,
      invariants: paginatorInvariants()
    ) { clock in
      Paginator(source: paginatorSource(clock), prefetchDistance: 1)
    }
    explorer.stateKind = paginatorKind
    let report = await explorer.explore()
    #expect(report.coverage.stateKinds.keys.contains("content, next page error"))
    // Every kind but a first-page error, which this source never serves.
    #expect(report.coverage.stateKinds.count == 6)
    #expect(report.coverage.stateKinds["error"] == nil)
  }

  @Test("a paginator that loads twice when a retry comes during a load is caught in 4 steps")
  func paginatorLoadingTwice() async throws {
    var explorer = Explorer(
      initialState: PaginationState(), wishes: paginatorWishes,
      invariants: paginatorInvariants()
    ) { clock in
      TwiceLoadingPaginator(base: Paginator(source: paginatorSource(clock)))
    }
    explorer.stateKind = paginatorKind
    let failure = try #require(await explorer.run().failure)
    #expect(failure.invariant == "one request at a time")
    #expect(
      failure.inputs == [
        .wish(.load(isNextPage: false)), .advance(.seconds(1)), .wish(.load(isNextPage: true)),
        .wish(.load(isNextPage: true)),
      ])
  }

  @Test("the call tracker keeps its promises")
  func callTracker() async {
    let explorer = Explorer(
      initialState: CallState.none, wishes: .cases, invariants: callTrackerInvariants()
    ) { clock in
      CallTracker(clock: clock)
    }
    let report = await explorer.explore()
    // callEnded takes six exact events in a row, which random sequences rarely make: the
    // exhaustive test below reaches it.
    #expect(report.coverage.stateKinds.count == CallState.allCases.count - 1)
    #expect(report.coverage.stateKinds["callEnded"] == nil)
  }

  @Test("the call tracker, explored exhaustively, reaches every state and keeps its promises")
  func callTrackerExhaustive() async {
    let explorer = Explorer(
      initialState: CallState.none, wishes: .cases, invariants: callTrackerInvariants()
    ) { clock in
      CallTracker(clock: clock)
    }
    let alphabet = CallEvent.allCases.map { ExploreInput.wish($0) } + [.advance(.seconds(1))]
    let report = await explorer.exhaustive(alphabet, depth: 7)
    #expect(report.failure == nil)
    #expect(report.coverage.stateKinds.count == CallState.allCases.count)
    // Seven states: waiting always has its timer running, and the others never do.
    #expect(report.distinctStates == CallState.allCases.count)
  }

  @Test("a call tracker whose waiting timer survives leaving the wait is caught in 5 steps")
  func callTrackerTimerSurvives() async throws {
    let explorer = Explorer(
      initialState: CallState.none, wishes: .cases, invariants: callTrackerInvariants()
    ) { clock in
      TimerSurvivingCallTracker(base: CallTracker(clock: clock))
    }
    let failure = try #require(await explorer.run().failure)
    #expect(failure.invariant == "the waiting timer fires only while waiting")
    #expect(failure.inputs.count == 5)
    #expect(
      Array(failure.inputs.prefix(3)) == [
        .wish(.trackOutgoingCall), .wish(.willResignActive), .wish(.didBecomeActive),
      ])
  }

  @Test("the signup flow keeps its promises")
  func signupFlow() async {
    let explorer = Explorer(
      initialState: SignupScreen.root, wishes: signupWishes, outside: [],
      invariants: signupInvariants()
    ) { _ in
      SignupFlow()
    }
    let report = await explorer.explore()
    #expect(report.coverage.wishes.count == 12)
    #expect(report.coverage.stateKinds.count == SignupScreen.allCases.count)
  }

  @Test("a signup flow whose back from the first screen leaves a route is caught in 1 step")
  func signupBackLeavesRoute() async throws {
    let explorer = Explorer(
      initialState: SignupScreen.root, wishes: signupWishes, outside: [],
      invariants: signupInvariants()
    ) { _ in
      BackLeavingRouteSignup()
    }
    let failure = try #require(await explorer.run().failure)
    #expect(failure.invariant == "a route only with a move to another screen")
    #expect(failure.inputs == [.wish(.back)])
  }

  @Test("the music player keeps its promises")
  func musicPlayer() async {
    var explorer = Explorer(
      initialState: MusicPlayerState(playlist: playlist), wishes: .cases, outside: [],
      invariants: [
        .always("the track is in the playlist") { $0.playlist.indices.contains($0.trackIndex) },
        .news("each news matches the status") { news, state in
          switch news {
          case .startedPlaying, .resumed: state?.status == .playing
          case .paused: state?.status == .paused
          case .stopped: state?.status == .stopped
          }
        },
      ]
    ) { _ in
      MusicPlayer()
    }
    explorer.stateKind = { "\($0.status)" }
    let report = await explorer.explore()
    #expect(report.coverage.stateKinds.count == 3)
  }

  @Test("an automaton in its feature form, explored exhaustively")
  func automatonExhaustive() async {
    let explorer = Explorer(
      initialState: CallState.none, wishes: .cases, outside: [],
      invariants: [
        ExploreInvariant("a call is in progress only after it started") {
          { event in
            guard case .state(let previous, .callInProgress) = event,
              previous != .callStarting && previous != .callInProgress
            else { return nil }
            return "callInProgress came from \(previous)"
          }
        }
      ]
    ) { _ in
      AutomatonDefinition(CallTracker.table)
    }
    let report = await explorer.exhaustive(CallEvent.allCases.map { .wish($0) }, depth: 8)
    #expect(report.failure == nil)
    #expect(report.distinctStates == CallState.allCases.count)
  }

  @Test("a statechart in its feature form keeps one top-level state active")
  func statechart() async {
    var explorer = Explorer(
      initialState: StatechartMachine(MusicPlayerChart.chart),
      wishes: .element(of: ["play", "pause", "stop", "next", "buffered", "stalled"]),
      invariants: [
        .always("exactly one of stopped, playing and paused is active") { machine in
          ["stopped", "playing", "paused"].filter { machine.isActive($0) }.count == 1
        }
      ]
    ) { clock in
      StatechartDefinition(MusicPlayerChart.chart, clock: clock)
    }
    explorer.stateKind = { $0.configuration.joined(separator: " ") }
    let report = await explorer.explore(budget: .sequences(500))
    #expect(report.coverage.stateKinds.keys.contains { $0.contains("streaming") })
  }
}
