import FinitaRedux
import Testing

@Suite("Middleware", .timeLimit(.minutes(1)))
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
    let clock = CountingClock()
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
}
