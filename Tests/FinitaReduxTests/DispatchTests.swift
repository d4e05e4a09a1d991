import Dispatch
import FinitaFixtures
import FinitaRedux
import Testing

@Suite("Dispatch", .threadTestsTimeLimit)
struct DispatchTests {
  @Test("actions are reduced in dispatch order and the state is up to date when dispatch returns")
  func dispatchOrder() {
    let store = makeLogStore()
    store.dispatch(.add("a"))
    #expect(store.state.entries == ["a"])
    store.dispatch(.add("b"))
    store.dispatch(.add("c"))
    #expect(store.state.entries == ["a", "b", "c"])
  }

  @Test("the ReSwift form of a reducer, returning the next state, works like the in-place form")
  func returningReducer() {
    let reducer = Reducer<Int, LogAction>(returning: { action, count in
      action == .increment ? count + 1 : count
    })
    let store = Store(initialState: 0, reducer: reducer)
    store.dispatch(.increment)
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(store.state == 2)
    #expect(reducer.reduced(.increment, 41) == 42)
  }

  @Test("a store made from a reducer closure reduces with it")
  func closureStore() {
    let store = Store(initialState: 10) { (count: inout Int, action: Int) in count += action }
    store.dispatch(5)
    #expect(store.state == 15)
  }

  @Test("a dispatch from a subscriber is queued after the current action, never recursive")
  func reentrantDispatchIsQueued() {
    let store = makeLogStore()
    let depth = Counter()
    let maxDepth = Recorder<Int>()
    let order = Recorder<String>()
    let token = store.subscribe(\.entries) { entries in
      depth.increment()
      maxDepth.append(depth.value)
      order.append("saw \(entries.last ?? "-")")
      if entries.last == "first" { store.dispatch(.add("second")) }
      order.append("left \(entries.last ?? "-")")
      depth.decrement()
    }
    store.dispatch(.add("first"))
    #expect(store.state.entries == ["first", "second"])
    #expect(
      order.values == ["saw -", "left -", "saw first", "left first", "saw second", "left second"])
    #expect(maxDepth.values.allSatisfy { $0 == 1 })
    token.cancel()
  }

  @Test("8 threads dispatching at once: no action lost, each thread's order kept")
  func concurrentDispatch() async {
    let threads = 8
    let perThread = 2_000
    let store = Store(initialState: [Int](repeating: -1, count: threads)) {
      (last: inout [Int], action: (thread: Int, sequence: Int)) in
      // Each thread's actions arrive in its own order: the sequence always grows by one.
      if action.sequence == last[action.thread] + 1 { last[action.thread] = action.sequence }
    }
    let deliveries = Counter()
    let token = store.subscribe { (_: [Int]) in deliveries.increment() }
    await runOnThreads(threads) { thread in
      for sequence in 0..<perThread {
        store.dispatch((thread: thread, sequence: sequence))
      }
    }
    #expect(store.state == [Int](repeating: perThread - 1, count: threads))
    #expect(deliveries.value == 1 + threads * perThread)
    token.cancel()
  }

  @Test("after dispose, dispatch does nothing and the last state is kept")
  func dispose() {
    let store = makeLogStore()
    store.dispatch(.add("kept"))
    store.dispose()
    store.dispatch(.add("dropped"))
    #expect(store.isDisposed)
    #expect(store.state.entries == ["kept"])
  }
}

@Suite("Combining reducers")
struct CombiningTests {
  struct App: Equatable, Sendable {
    var estimate = PERT()
    var log = Log()
    var signOuts = 0
  }

  enum AppAction: Sendable {
    case pert(PERTAction)
    case log(LogAction)
    case signOut
  }

  @Test("combine runs reducers in order; scope applies a part's reducer through a key path")
  func combineAndScope() {
    let counting = Reducer<Log, PERTAction> { log, action in log.entries.append("\(action)") }
    let reducer = Reducer<App, PERTAction>.combine(
      .scope(\.estimate, pertReducer),
      .scope(\.log, counting)
    )
    let store = Store(initialState: App(), reducer: reducer)
    store.dispatch(.setExp(6))
    #expect(store.state.estimate.result == 4)
    #expect(store.state.log.entries == ["setExp(6.0)"])
  }

  @Test("pullback runs a child reducer only for the parent actions it extracts")
  func pullback() {
    let reducer = Reducer<App, AppAction>.combine(
      pertReducer.pullback(state: \App.estimate) { (action: AppAction) in
        if case .pert(let pert) = action { pert } else { nil }
      },
      logReducer.pullback(state: \App.log) { (action: AppAction) in
        if case .log(let log) = action { log } else { nil }
      },
      Reducer { app, action in
        if case .signOut = action { app.signOuts += 1 }
      }
    )
    let store = Store(initialState: App(), reducer: reducer)
    store.dispatch(.pert(.setMax(12)))
    store.dispatch(.log(.increment))
    store.dispatch(.signOut)
    #expect(store.state.estimate.result == 2)
    #expect(store.state.log.count == 1)
    #expect(store.state.signOuts == 1)
  }
}
