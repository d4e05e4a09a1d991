import FinitaFixtures
import FinitaRedux
import Testing

@Suite("History", .timeLimit(.minutes(1)))
struct HistoryTests {
  @Test("undo and redo move through recorded states; subscribers see each move")
  func undoRedo() {
    let store = makeLogStore(history: HistoryOptions(limit: 10))
    let counts = Recorder<Int>()
    let token = store.subscribe(\.count) { counts.append($0) }
    store.dispatch(.increment)
    store.dispatch(.increment)
    store.undo()
    #expect(store.state.count == 1)
    store.undo()
    store.undo()  // nothing left: no change
    #expect(store.state.count == 0)
    #expect(!store.history.canUndo)
    store.redo()
    #expect(store.state.count == 1)
    #expect(store.history.canRedo)
    #expect(counts.values == [0, 1, 2, 1, 0, 1])
    token.cancel()
  }

  @Test("a new recorded action clears what redo would bring back")
  func newActionClearsRedo() {
    let store = makeLogStore(history: HistoryOptions())
    store.dispatch(.add("a"))
    store.dispatch(.add("b"))
    store.undo()
    store.dispatch(.add("c"))
    #expect(!store.history.canRedo)
    #expect(store.history.states.map(\.entries) == [[], ["a"], ["a", "c"]])
  }

  @Test("jump(to:) moves to any state; an index outside the history changes nothing")
  func jump() {
    let store = makeLogStore(history: HistoryOptions())
    for _ in 0..<4 { store.dispatch(.increment) }
    store.jump(to: 1)
    #expect(store.state.count == 1)
    #expect(store.history.currentIndex == 1)
    #expect(store.history.future.map(\.count) == [2, 3, 4])
    store.jump(to: 3)
    #expect(store.state.count == 3)
    store.jump(to: 99)
    store.jump(to: -1)
    #expect(store.state.count == 3)
    #expect(store.history.states.map(\.count) == [0, 1, 2, 3, 4])
  }

  @Test("the history keeps at most `limit` undo steps, dropping the oldest")
  func limit() {
    let store = makeLogStore(history: HistoryOptions(limit: 3))
    for _ in 0..<10 { store.dispatch(.increment) }
    #expect(store.history.past.map(\.count) == [7, 8, 9])
    #expect(store.history.limit == 3)
    for _ in 0..<5 { store.undo() }
    #expect(store.state.count == 7)
  }

  @Test("excluded actions and actions that change nothing are not undo steps")
  func optOut() {
    let store = makeLogStore(
      history: HistoryOptions(excluding: { action in
        if case .setLoading = action { true } else { false }
      })
    )
    store.dispatch(.increment)
    store.dispatch(.setLoading(true))
    store.dispatch(.noop)
    #expect(store.history.past.map(\.count) == [0])
    #expect(store.state.isLoading)
    store.undo()
    #expect(store.state == Log())
  }

  @Test("a store without history options keeps only the present")
  func noHistory() {
    let store = makeLogStore()
    store.dispatch(.increment)
    store.undo()
    #expect(store.state.count == 1)
    #expect(store.history.states.count == 1)
    #expect(store.history.limit == 0)
  }

  @Test("actions reduced through middleware are recorded too")
  func middlewareActionsAreRecorded() {
    let passThrough = Middleware<Log, LogAction> { _, next, action in next(action) }
    let store = makeLogStore(middleware: [passThrough], history: HistoryOptions())
    store.dispatch(.increment)
    store.dispatch(.increment)
    store.undo()
    #expect(store.state.count == 1)
    #expect(store.history.states.map(\.count) == [0, 1, 2])
  }
}
