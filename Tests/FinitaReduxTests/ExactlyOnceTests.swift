import Dispatch
import FinitaFixtures
import FinitaRedux
import Foundation
import Testing

/// ReSwift's promise, kept whatever the middleware does: the reducer runs once per action.
@Suite("The reducer runs once per action", .threadTestsTimeLimit)
struct ExactlyOnceTests {
  @Test("actions passed to next from several threads in one pass are each reduced once")
  func overlappingNextCalls() async {
    let perThread = 250
    let threads = 4
    let calls = Recorder<Int>()
    // The yield widens the window in which two threads reduce into the same pass.
    let reducer = Reducer<Int, Int> { reductions, id in
      calls.append(id)
      sched_yield()
      reductions += 1
    }
    // For each action the threads dispatch (a multiple of 4): dispatch a follow-up (+2), pass
    // the action on from a thread of its own and a companion (+1) from this one, so both reduce
    // into the same pass at once; every other pass ends without waiting for that thread.
    let fanOut = Middleware<Int, Int> { store, next, id in
      guard id % 4 == 0 else { return next(id) }
      store.dispatch(id + 2)
      let handedOver = DispatchSemaphore(value: 0)
      Thread {
        next(id)
        handedOver.signal()
      }.start()
      next(id + 1)
      if id % 8 == 0 { handedOver.wait() }
    }
    let store = Store(initialState: 0, reducer: reducer, middleware: [fanOut])
    await runOnThreads(threads) { thread in
      for index in 0..<perThread { store.dispatch((thread * perThread + index) * 4) }
    }
    let expected = threads * perThread * 3
    await store.waitForState { $0 == expected }

    var runs: [Int: Int] = [:]
    for id in calls.values { runs[id, default: 0] += 1 }
    let reducedTwice = runs.filter { $0.value != 1 }.keys.sorted()
    #expect(reducedTwice.count == 0, "for instance: \(reducedTwice.prefix(5))")
    #expect(runs.count == expected)
    #expect(store.state == expected)
  }
}
