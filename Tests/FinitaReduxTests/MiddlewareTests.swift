import FinitaFixtures
import FinitaRedux
import FinitaTesting
import Foundation
import Testing

@Suite("Middleware", .threadTestsTimeLimit)
struct MiddlewareTests {
  /// A middleware that records what it sees under `name`, then passes the action on.
  func tracing(_ name: String, into log: Recorder<String>) -> Middleware<Log, LogAction> {
    Middleware { _, next, action in
      log.append("\(name) in \(action)")
      next(action)
      log.append("\(name) out \(action)")
    }
  }

  @Test("middleware runs in declared order, around the reducer")
  func order() {
    let log = Recorder<String>()
    let store = makeLogStore(middleware: [tracing("A", into: log), tracing("B", into: log)])
    store.dispatch(.add("x"))
    #expect(
      log.values == ["A in add(\"x\")", "B in add(\"x\")", "B out add(\"x\")", "A out add(\"x\")"])
    #expect(store.state.entries == ["x"])
  }

  @Test("a logger sees the state before next and the reduced state after it")
  func logs() {
    let log = Recorder<String>()
    let logger = Middleware<Log, LogAction> { store, next, action in
      log.append("before \(store.state.count)")
      next(action)
      log.append("after \(store.state.count)")
    }
    let store = makeLogStore(middleware: [logger])
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(log.values == ["before 0", "after 1", "before 1", "after 2"])
  }

  @Test("a middleware can transform an action before the next one sees it")
  func transforms() {
    let seen = Recorder<LogAction>()
    let shout = Middleware<Log, LogAction> { _, next, action in
      if case .add(let text) = action { next(.add(text.uppercased())) } else { next(action) }
    }
    let spy = Middleware<Log, LogAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let store = makeLogStore(middleware: [shout, spy])
    store.dispatch(.add("quiet"))
    #expect(seen.values == [.add("QUIET")])
    #expect(store.state.entries == ["QUIET"])
  }

  @Test("a middleware can swallow an action: the reducer and later middleware never see it")
  func swallows() {
    let seen = Recorder<LogAction>()
    let filter = Middleware<Log, LogAction> { _, next, action in
      if action != .noop { next(action) }
    }
    let spy = Middleware<Log, LogAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let store = makeLogStore(middleware: [filter, spy])
    let states = Recorder<Log>()
    let token = store.subscribe { (state: Log) in states.append(state) }
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(seen.values == [.increment])
    #expect(states.values.map(\.count) == [0, 1])
    token.cancel()
  }

  @Test("a middleware can delay an action; later middleware and the reducer see it on time")
  func delays() async {
    let clock = VirtualClock()
    let seen = Recorder<LogAction>()
    let delay = Middleware<Log, LogAction> { store, next, action in
      guard action == .increment else { return next(action) }
      store.dispatch(
        Thunk { _ in
          try await clock.sleep(for: .seconds(1))
          next(action)
        })
    }
    let spy = Middleware<Log, LogAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let store = makeLogStore(middleware: [delay, spy])
    store.dispatch(.increment)
    store.dispatch(.add("now"))
    #expect(store.state.count == 0)
    #expect(store.state.entries == ["now"])
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await store.waitForState { $0.count == 1 }
    #expect(seen.values == [.add("now"), .increment])
  }

  @Test("a middleware can dispatch more actions; they are queued after the current one")
  func dispatchesMore() {
    let log = Recorder<String>()
    let echo = Middleware<Log, LogAction> { store, next, action in
      next(action)
      if case .add(let text) = action, !text.hasSuffix("!") { store.dispatch(.add(text + "!")) }
      log.append("done \(action)")
    }
    let store = makeLogStore(middleware: [echo])
    store.dispatch(.add("hi"))
    #expect(store.state.entries == ["hi", "hi!"])
    #expect(log.values == ["done add(\"hi\")", "done add(\"hi!\")"])
  }

  @Test("a middleware can call next twice: both actions are reduced, in order")
  func nextTwice() {
    let twice = Middleware<Log, LogAction> { _, next, action in
      next(action)
      next(action)
    }
    let store = makeLogStore(middleware: [twice])
    store.dispatch(.increment)
    #expect(store.state.count == 2)
  }

  @Test("each action a middleware passes on during one run is a state of its own for subscribers")
  func eachActionPassedOnIsAState() {
    let twice = Middleware<Log, LogAction> { _, next, action in
      next(action)
      next(action)
    }
    let store = makeLogStore(middleware: [twice])
    let counts = Recorder<Int>()
    let token = store.subscribe { (state: Log) in counts.append(state.count) }
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(counts.values == [0, 1, 2, 3, 4])
    token.cancel()
  }

  @Test("next called from another thread during the middleware's run reduces before it returns")
  func nextFromAnotherThread() async {
    await onThreadOfItsOwn {
      let readings = Recorder<Int>()
      let hop = Middleware<Log, LogAction> { store, next, action in
        let passedOn = DispatchSemaphore(value: 0)
        Thread {
          next(action)
          passedOn.signal()
        }.start()
        passedOn.wait()
        readings.append(store.state.count)
      }
      let store = makeLogStore(middleware: [hop])
      store.dispatch(.increment)
      store.dispatch(.increment)
      #expect(readings.values == [1, 2])
      #expect(store.state.count == 2)
    }
  }

  @Test("a next kept from an earlier action is queued when called during a later one")
  func keptNextIsQueued() {
    let kept = Recorder<MiddlewareNext<Log, LogAction>>()
    let seenInside = Recorder<[String]>()
    let keeper = Middleware<Log, LogAction> { store, next, action in
      if action == .add("first") { kept.append(next) }
      if action == .add("second") { kept.values.first?(.add("late")) }
      next(action)
      seenInside.append(store.state.entries)
    }
    let seen = Recorder<LogAction>()
    let spy = Middleware<Log, LogAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let store = makeLogStore(middleware: [keeper, spy])
    store.dispatch(.add("first"))
    store.dispatch(.add("second"))
    // The late action was not reduced into the second action's run; it continued through the
    // rest of the chain afterwards, skipping the middleware that had already seen it.
    #expect(seenInside.values == [["first"], ["first", "second"]])
    #expect(seen.values == [.add("first"), .add("second"), .add("late")])
    #expect(store.state.entries == ["first", "second", "late"])
  }

  @Test("a store kept from an earlier action reads the store's state, not a later run's")
  func keptContextReadsTheStore() {
    let kept = Recorder<MiddlewareContext<Log, LogAction>>()
    let readings = Recorder<String>()
    let keeper = Middleware<Log, LogAction> { store, next, action in
      guard let earlier = kept.values.first else {
        kept.append(store)
        return next(action)
      }
      next(action)
      readings.append("current \(store.state.count), kept \(earlier.state.count)")
    }
    let store = makeLogStore(middleware: [keeper])
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(readings.values == ["current 2, kept 1"])
    #expect(kept.values.first?.state.count == 2)
  }
}
