import Finita
import FinitaRedux
import FinitaTesting
import Testing

/// A till: a cart that a checkout thunk charges after a payment that takes a second, and a
/// receipt middleware that answers every charge with a receipt.
private struct Till: Hashable, Sendable {
  var items = 0
  var isCheckingOut = false
  var charges: [Int] = []
  var receipts = 0
}

private enum TillAction: Hashable, Sendable {
  case add
  case checkoutStarted
  case charged(Int)
  case receiptSent
}

private let tillReducer = Reducer<Till, TillAction> { till, action in
  switch action {
  case .add: till.items += 1
  case .checkoutStarted: till.isCheckingOut = true
  case .charged(let amount):
    till.charges.append(amount)
    till.items = 0
    till.isCheckingOut = false
  case .receiptSent: till.receipts += 1
  }
}

/// Sends a receipt for every charge: a middleware that dispatches.
private let receipts = Middleware<Till, TillAction> { store, next, action in
  next(action)
  if case .charged = action { store.dispatch(.receiptSent) }
}

/// Charges what the cart holds when the payment comes back; the planted bug lets a second
/// checkout start while one is in flight, and the second charges an emptied cart.
private func checkout(clock: VirtualClock, guardsInFlight: Bool) -> Thunk<Till, TillAction> {
  Thunk(name: "checkout") { store in
    guard store.state.items > 0, !(guardsInFlight && store.state.isCheckingOut) else { return }
    store.dispatch(.checkoutStarted)
    try await clock.sleep(for: .seconds(1))
    store.dispatch(.charged(store.state.items))
  }
}

private typealias TillStore = StoreFeature<Till, TillAction>

private func tillExplorer(guardsInFlight: Bool) -> Explorer<TillStore> {
  var explorer = Explorer(
    initialState: TillStore.initialState(Till()),
    wishes: .one(of: [.constant(.dispatch(.add)), .constant(.thunk(named: "checkout"))]),
    outside: [.advance(by: [.milliseconds(500), .seconds(1)])],
    invariants: [
      .always("every charge is for something") { $0.present.charges.allSatisfy { $0 > 0 } },
      .always("no receipt without its charge") { $0.present.receipts <= $0.present.charges.count },
    ]
  ) { clock in
    TillStore(
      initialState: Till(), reducer: tillReducer, middleware: [receipts],
      thunks: [checkout(clock: clock, guardsInFlight: guardsInFlight)])
  }
  explorer.willStart = { feature in feature.definition.connect(to: feature) }
  explorer.testSource = ExploreTestSource(
    initialState: "TillStore.initialState(Till())",
    definition: "TillStore(initialState: Till(), reducer: tillReducer, middleware: [receipts], "
      + "thunks: [checkout(clock: clock, guardsInFlight: false)])",
    setUp: "tester.feature.definition.connect(to: tester.feature)")
  return explorer
}

@Suite("A whole store, middleware and thunks included, run as a feature and explored")
struct StoreFeatureExploreTests {
  @Test("a StoreFeature does what a Store does: middleware dispatches, thunks run and dispatch")
  func storeFeatureMatchesTheStore() async {
    let tester = FeatureTester(initialState: TillStore.initialState(Till())) { clock in
      TillStore(
        initialState: Till(), reducer: tillReducer, middleware: [receipts],
        thunks: [checkout(clock: clock, guardsInFlight: true)])
    }
    tester.feature.definition.connect(to: tester.feature)
    tester.exhaustivity = .off
    await tester.send(.dispatch(.add))
    await tester.send(.dispatch(.add))
    await tester.send(.thunk(named: "checkout"))
    await tester.skipUnasserted()  // the thunk's first dispatch comes after the step
    #expect(tester.state.present.isCheckingOut)
    await tester.send(.thunk(named: "checkout"))  // in flight already: does nothing
    await tester.advance(by: .seconds(1))
    #expect(tester.state.present == Till(items: 0, charges: [2], receipts: 1))
    await tester.finish()
  }

  @Test("a thunk given as a value runs, and cancelThunks(id:) cancels it")
  func thunkValuesRunAndCancel() async {
    let tester = FeatureTester(initialState: TillStore.initialState(Till())) { clock in
      TillStore(initialState: Till(), reducer: tillReducer)
    }
    tester.feature.definition.connect(to: tester.feature)
    tester.exhaustivity = .off
    let clock = tester.clock
    let late = Thunk<Till, TillAction>(id: "late") { store in
      try await clock.sleep(for: .seconds(1))
      store.dispatch(.add)
    }
    await tester.send(.thunk(late))
    await tester.send(.thunk(late))
    await tester.advance(by: .seconds(1))
    #expect(tester.state.present.items == 2)
    await tester.send(.thunk(late))
    await tester.send(.cancelThunks(id: "late"))
    await tester.advance(by: .seconds(1))
    #expect(tester.state.present.items == 2)
    await tester.finish()
  }

  @Test("inputs and changes read as enum cases in traces and coverage")
  func inputsReadAsCases() {
    #expect(TillStore.Input.dispatch(.add).description == "dispatch(.add)")
    #expect(TillStore.Input.dispatch(.charged(2)).description == "dispatch(.charged(2))")
    #expect(TillStore.Input.thunk(named: "checkout").description == "thunk(named: \"checkout\")")
    // A thunk value is a closure: a generated test shows it as a placeholder to fill in.
    let named = Thunk<Till, TillAction>(name: "late") { _ in }
    #expect(TillStore.Input.thunk(named).description == "thunk(<#Thunk \"late\"#>)")
    #expect(TillStore.Input.thunk(Thunk { _ in }).description == "thunk(<#Thunk#>)")
    #expect(Mirror(reflecting: TillStore.Input.thunk(named)).children.first?.label == "thunk")
    #expect(TillStore.Input.undo.description == "undo")
    #expect(TillStore.Input.jump(to: 2).description == "jump(to: 2)")
    #expect(Mirror(reflecting: TillStore.Input.redo).displayStyle == .enum)
    #expect(Mirror(reflecting: TillStore.Input.dispatch(.add)).children.first?.label == "dispatch")
  }

  @Test("a thunk name the definition does not have is an error that names the ones it has")
  func unknownThunkNameIsAClearError() async throws {
    let (errors, continuation) = AsyncStream.makeStream(of: String.self)
    let feature = Feature(
      initialState: TillStore.initialState(Till()),
      definition: TillStore(
        initialState: Till(), reducer: tillReducer,
        thunks: [checkout(clock: VirtualClock(), guardsInFlight: true)]),
      configuration: .init(onUnhandledError: { continuation.yield("\($0.underlying)") }))
    feature.definition.connect(to: feature)
    feature.accept(.thunk(named: "chekout"))
    var iterator = errors.makeAsyncIterator()
    let message = try #require(await iterator.next())
    #expect(message.contains("No thunk is named \"chekout\""))
    #expect(message.contains("\"checkout\""))
    feature.dispose()
  }

  @Test("the checkout keeps its promises with its in-flight guard")
  func guardedCheckoutKeepsItsPromises() async {
    let report = await tillExplorer(guardsInFlight: true).run(budget: .sequences(300))
    #expect(report.failure == nil)
    #expect(report.coverage.wishes.keys.sorted() == ["dispatch", "thunk"])
  }

  @Test("a checkout without its in-flight guard is caught, shrunk, and handed back as a test")
  func doubleCheckoutIsCaught() async throws {
    let failure = try #require(await tillExplorer(guardsInFlight: false).run().failure)
    #expect(failure.invariant == "every charge is for something")
    // Add, check out twice inside the payment's second, and let it come back.
    #expect(failure.inputs.count <= 6)
    let checkouts = failure.inputs.filter { "\($0)".contains("checkout") }
    #expect(checkouts.count == 2)
    #expect(failure.testSource.contains("  tester.feature.definition.connect(to: tester.feature)"))
    #expect(failure.testSource.contains("await tester.send(.thunk(named: \"checkout\"))"))
    #expect(failure.testSource.contains("await tester.send(.dispatch(.add))"))
    #expect(
      failure.trace.contains("send StoreFeature<Till, TillAction>.Input.dispatch(TillAction.add)"))
  }

  @Test("without connect, a thunk's dispatches are lost, as the documentation says")
  func unconnectedThunkDispatchesNothing() async {
    let tester = FeatureTester(initialState: TillStore.initialState(Till(items: 1))) { clock in
      TillStore(
        initialState: Till(items: 1), reducer: tillReducer,
        thunks: [checkout(clock: clock, guardsInFlight: true)])
    }
    tester.exhaustivity = .off
    await tester.send(.thunk(named: "checkout"))
    await tester.advance(by: .seconds(1))
    #expect(tester.state.present == Till(items: 1))
    await tester.finish()
  }
}
