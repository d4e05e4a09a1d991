import FinitaFixtures
import FinitaRedux
import Testing

@Suite("The PERT calculator of seed 004")
struct PERTCalculatorTests {
  @Test("the result is (max + min + 4 * exp) / 6 after each input")
  func estimate() {
    let store = Store(initialState: PERT(), reducer: pertReducer)
    store.dispatch(.setMin(2))
    #expect(store.state.result == 2.0 / 6)
    store.dispatch(.setMax(10))
    store.dispatch(.setExp(6))
    #expect(store.state == PERT(max: 10, min: 2, exp: 6, result: 6))
  }

  @Test("a logging middleware logs each action and state; undo restores the previous estimate")
  func loggingAndUndo() {
    let log = Recorder<String>()
    let logger = Middleware<PERT, PERTAction> { store, next, action in
      log.append("dispatch \(action)")
      next(action)
      log.append("result \(store.state.result)")
    }
    let store = Store(
      initialState: PERT(),
      reducer: pertReducer,
      middleware: [logger],
      history: HistoryOptions(limit: 10)
    )
    store.dispatch(.setMax(12))
    store.dispatch(.setExp(3))
    store.undo()
    #expect(store.state.result == 2)
    store.redo()
    #expect(store.state.result == 4)
    #expect(
      log.values == [
        "dispatch setMax(12.0)", "result 2.0", "dispatch setExp(3.0)", "result 4.0",
      ])
  }

  @Test("the estimate survives a save and restore")
  func persistence() throws {
    let persistence = StatePersistence<PERT>()
    let store = Store(initialState: PERT(), reducer: pertReducer)
    store.dispatch(.setExp(3))
    let data = try store.save(with: persistence)
    let next = Store(initialState: PERT(), reducer: pertReducer)
    try next.restore(from: data, with: persistence)
    #expect(next.state.result == 2)
  }
}
