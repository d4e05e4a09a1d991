import Dispatch
import Finita
import FinitaFixtures
import FinitaRedux
import Foundation
import Testing

/// The Concurrency article's rule, for the store: no Finita lock is held while the reducer runs.
/// Each test would deadlock (and hit the time limit) if the reducer ran under the store's lock.
@Suite("Reducing outside the lock", .threadTestsTimeLimit)
struct LockingTests {
  @Test("a reducer run by the middleware chain can read the middleware's state and the store's")
  func reducerReadsTheState() {
    let kept = Recorder<MiddlewareContext<Log, LogAction>>()
    let keeper = Middleware<Log, LogAction> { store, next, action in
      kept.append(store)
      next(action)
    }
    let stores = Recorder<Store<Log, LogAction>>()
    let readings = Recorder<String>()
    let reducer = Reducer<Log, LogAction> { state, action in
      let middleware = kept.values.last?.state.count ?? -1
      let store = stores.values.first?.state.count ?? -1
      readings.append("middleware \(middleware), store \(store)")
      logReducer.reduce(&state, action)
    }
    let store = Store(initialState: Log(), reducer: reducer, middleware: [keeper])
    stores.append(store)
    store.dispatch(.increment)
    store.dispatch(.increment)
    // Both read the state before the action: the reducer works on a copy, committed after.
    #expect(readings.values == ["middleware 0, store 0", "middleware 1, store 1"])
    #expect(store.state.count == 2)
  }

  @Test("a dispatch from another thread while the reducer runs is queued and reduced after it")
  func dispatchWhileReducing() async {
    await onThreadOfItsOwn {
      let dispatched = DispatchSemaphore(value: 0)
      let stores = Recorder<Store<Log, LogAction>>()
      let reducer = Reducer<Log, LogAction> { state, action in
        if action == .add("slow"), let store = stores.values.first {
          // Another thread dispatches and returns while this reducer is still running.
          Thread {
            store.dispatch(.add("queued"))
            dispatched.signal()
          }.start()
          dispatched.wait()
        }
        logReducer.reduce(&state, action)
      }
      let passThrough = Middleware<Log, LogAction> { _, next, action in next(action) }
      let store = Store(initialState: Log(), reducer: reducer, middleware: [passThrough])
      stores.append(store)
      let states = Recorder<[String]>()
      let token = store.subscribe(\.entries) { states.append($0) }
      store.dispatch(.add("slow"))
      #expect(store.state.entries == ["slow", "queued"])
      #expect(states.values == [[], ["slow"], ["slow", "queued"]])
      token.cancel()
    }
  }

  @Test("next called from another thread while the reducer runs is reduced after it, once")
  func nextWhileReducing() async {
    await onThreadOfItsOwn {
      let reducing = DispatchSemaphore(value: 0)
      let handedOver = DispatchSemaphore(value: 0)
      let runs = Recorder<String>()
      let reducer = Reducer<Log, LogAction> { state, action in
        runs.append("\(action) on \(state.entries)")
        // The first run of "slow" waits until the other thread has passed its action on; a
        // second run (which must not happen) would not wait.
        if action == .add("slow"), runs.values.count == 1 {
          reducing.signal()
          handedOver.wait()
        }
        logReducer.reduce(&state, action)
      }
      let hop = Middleware<Log, LogAction> { _, next, action in
        guard action == .add("slow") else { return next(action) }
        Thread {
          reducing.wait()
          next(.add("fast"))
          handedOver.signal()
        }.start()
        next(action)
      }
      let store = Store(initialState: Log(), reducer: reducer, middleware: [hop])
      let states = Recorder<[String]>()
      let token = store.subscribe(\.entries) { states.append($0) }
      store.dispatch(.add("slow"))
      // "fast" waited for the reducer of "slow", which then reduced it: each ran once.
      #expect(runs.values == ["add(\"slow\") on []", "add(\"fast\") on [\"slow\"]"])
      #expect(store.state.entries == ["slow", "fast"])
      #expect(states.values == [[], ["slow"], ["slow", "fast"]])
      token.cancel()
    }
  }
}
