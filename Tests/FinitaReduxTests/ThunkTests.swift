import FinitaFixtures
import FinitaRedux
import FinitaTesting
import Testing

@Suite("Thunks", .timeLimit(.minutes(1)))
struct ThunkTests {
  @Test("a thunk dispatches over time and reads the current state")
  func dispatchesOverTime() async {
    let clock = VirtualClock()
    let store = makeLogStore()
    let seen = Recorder<Int>()
    store.dispatch(
      Thunk { store in
        store.dispatch(.setLoading(true))
        try await clock.sleep(for: .seconds(1))
        seen.append(store.state.count)
        store.dispatch(.add("loaded"))
        store.dispatch(.setLoading(false))
      })
    await store.waitForState { $0.isLoading }
    store.dispatch(.increment)
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await store.waitForState { !$0.isLoading }
    #expect(seen.values == [1])
    #expect(store.state.entries == ["loaded"])
  }

  @Test("cancelling a thunk's task cancels its work; its later dispatches do nothing")
  func cancelTask() async {
    let clock = VirtualClock()
    let gate = Recorder<Bool>()
    let outcome = Recorder<String>()
    let store = makeLogStore()
    let sleeper = store.dispatch(
      Thunk { store in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          outcome.append("sleep cancelled")
        }
      })
    let ignoring = store.dispatch(
      Thunk { store in
        store.dispatch(.add("started"))
        await gate.waitFor(count: 1)  // does not stop when cancelled
        store.dispatch(.add("late"))
        outcome.append("tried to dispatch")
      })
    await store.waitForState { $0.entries == ["started"] }
    await clock.advance(by: .zero, afterSleeps: 1)
    sleeper.cancel()
    ignoring.cancel()
    gate.append(true)
    await outcome.waitFor(count: 2)
    #expect(Set(outcome.values) == ["sleep cancelled", "tried to dispatch"])
    #expect(store.state.entries == ["started"])
  }

  @Test("a thunk with cancelInFlight replaces the running one with the same id")
  func latestWins() async {
    let clock = VirtualClock()
    let store = makeLogStore()
    func search(_ query: String) -> Thunk<Log, LogAction> {
      Thunk(id: "search", cancelInFlight: true) { store in
        try await clock.sleep(for: .seconds(1))
        store.dispatch(.add(query))
      }
    }
    store.dispatch(search("sw"))
    store.dispatch(search("swift"))
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    await store.waitForState { !$0.entries.isEmpty }
    store.dispatch(.add("end"))
    #expect(store.state.entries == ["swift", "end"])
  }

  @Test("cancelThunks(id:) cancels every thunk with that id and no other")
  func cancelByID() async {
    let clock = VirtualClock()
    let store = makeLogStore()
    for name in ["a", "b"] {
      store.dispatch(
        Thunk(id: "sync") { store in
          try await clock.sleep(for: .seconds(1))
          store.dispatch(.add(name))
        })
    }
    store.dispatch(
      Thunk(id: "other") { store in
        try await clock.sleep(for: .seconds(1))
        store.dispatch(.add("other"))
      })
    store.cancelThunks(id: "sync")
    await clock.advance(by: .seconds(1), afterSleeps: 3)
    await store.waitForState { !$0.entries.isEmpty }
    store.dispatch(.add("end"))
    #expect(store.state.entries == ["other", "end"])
  }

  @Test("disposing the store cancels its thunks")
  func disposeCancels() async {
    let clock = VirtualClock()
    let cancelled = Recorder<Bool>()
    let store = makeLogStore()
    store.dispatch(
      Thunk { _ in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          cancelled.append(true)
        }
      })
    await clock.advance(by: .zero, afterSleeps: 1)
    store.dispose()
    await cancelled.waitFor(count: 1)
    #expect(cancelled.values == [true])
  }

  @Test("an error thrown by a thunk goes to the configuration's handler; the store goes on")
  func errors() async {
    struct Failure: Error {}
    let reported = Recorder<String>()
    let store = Store(
      initialState: Log(),
      reducer: logReducer,
      configuration: .init(name: "log", onUnhandledError: { reported.append($0.description) })
    )
    store.dispatch(Thunk(name: "failing") { _ in throw Failure() })
    await reported.waitFor(count: 1)
    store.dispatch(.increment)
    #expect(store.state.count == 1)
    #expect(reported.values.first?.contains("Failure") == true)
  }

  @Test("thunk actions go through middleware")
  func throughMiddleware() async {
    let seen = Recorder<LogAction>()
    let spy = Middleware<Log, LogAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let store = makeLogStore(middleware: [spy])
    store.dispatch(Thunk { store in store.dispatch(.increment) })
    await store.waitForState { $0.count == 1 }
    #expect(seen.values == [.increment])
  }
}
