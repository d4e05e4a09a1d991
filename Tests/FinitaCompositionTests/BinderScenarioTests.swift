import Dispatch
import Finita
import FinitaFixtures
import FinitaTesting
import Testing

@Suite("Binder scenarios (35-38)", .timeLimit(.minutes(1)))
struct BinderScenarioTests {
  @Test("35. a transformer maps 0 to \"0\"; one that returns nil for even numbers passes odd ones")
  func transformers() {
    let numbers = Emitter<Int>()
    let strings = Recorder<String>()
    let odds = Recorder<Int>()
    let binder = Binder()
    binder.bind(numbers.source, to: .closure { strings.append($0) }) { "\($0)" }
    binder.bind(numbers.source, to: .closure { odds.append($0) }) { $0 % 2 == 0 ? nil : $0 }

    for number in 0..<6 { numbers.emit(number) }

    #expect(strings.values == ["0", "1", "2", "3", "4", "5"])
    #expect(odds.values == [1, 3, 5])
  }

  @Test("35. a transformer between two features: news mapped to wishes, nil drops")
  func transformerBetweenFeatures() {
    let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let loader = Feature(initialState: Loader.State(), definition: Loader())
    let binder = Binder()
    binder.bind(.news(of: worker), to: .wishes(of: loader)) { news in
      guard case .done(let value) = news, value % 2 == 1 else { return nil }
      return .load(value)
    }

    for value in 0..<5 { worker.accept(.finish(value)) }

    #expect(loader.state.loaded == [1, 3])
    withExtendedLifetime(binder) {}
  }

  @Test("36. lifecycle: dropped before begin, delivered while active, resumed on the next begin")
  func lifecycleScopedBinding() {
    let (numbers, received, lifecycle, binder) = makeLifecycleBinding()

    numbers.emit(-1)
    #expect(numbers.subscribeCount == 0)

    lifecycle.begin()
    numbers.emit(0)
    lifecycle.end()
    numbers.emit(1)
    lifecycle.begin()
    numbers.emit(2)

    #expect(received.values == [0, 2])
    #expect(numbers.subscribeCount == 2)
    withExtendedLifetime(binder) {}
  }

  @Test("36. a duplicate begin does not subscribe twice")
  func duplicateBegin() {
    let (numbers, received, lifecycle, binder) = makeLifecycleBinding()

    lifecycle.begin()
    lifecycle.begin()
    numbers.emit(7)

    #expect(numbers.subscribeCount == 1)
    #expect(numbers.subscriberCount == 1)
    #expect(received.values == [7])
    withExtendedLifetime(binder) {}
  }

  @Test("36. after the binder is cancelled, a later begin does not reconnect")
  func cancelledBinderStaysDisconnected() {
    let (numbers, received, lifecycle, binder) = makeLifecycleBinding()
    lifecycle.begin()
    numbers.emit(1)

    binder.cancel()
    #expect(numbers.subscriberCount == 0)
    lifecycle.end()
    lifecycle.begin()
    numbers.emit(2)
    binder.bind(numbers.source, to: .closure { received.append($0) })
    numbers.emit(3)

    #expect(received.values == [1])
    #expect(numbers.subscribeCount == 1)
    #expect(binder.isCancelled)
    #expect(!binder.isActive)
  }

  @Test("36. releasing the binder disconnects its bindings")
  func releasingBinderDisconnects() {
    let numbers = Emitter<Int>()
    let received = Recorder<Int>()
    var binder: Binder? = Binder()
    binder?.bind(numbers.source, to: .closure { received.append($0) })
    numbers.emit(1)
    binder = nil
    numbers.emit(2)
    #expect(received.values == [1])
    #expect(numbers.subscriberCount == 0)
  }

  @Test("36. an ObjectLifecycle ends its bindings when its owner is released")
  func objectLifecycle() {
    final class Owner: Sendable {
      let lifetime = ObjectLifecycle()
    }
    let numbers = Emitter<Int>()
    let received = Recorder<Int>()
    var owner: Owner? = Owner()
    let binder = Binder(lifecycle: owner!.lifetime)
    binder.bind(numbers.source, to: .closure { received.append($0) })
    numbers.emit(1)
    #expect(binder.isActive)

    owner = nil
    numbers.emit(2)

    #expect(received.values == [1])
    #expect(!binder.isActive)
    #expect(numbers.subscriberCount == 0)
  }

  @Test("37. A's news Done(5) reaches B's actor as Load(5), with B's latest state")
  func newsToWish() {
    let a = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let b = Feature(initialState: Loader.State(), definition: Loader())
    let binder = Binder()
    binder.bind(.news(of: a), to: .wishes(of: b), named: "done -> load") { news in
      guard case .done(let x) = news else { return nil }
      return .load(x)
    }
    b.accept(.setPage(3))

    a.accept(.finish(5))

    let latest = Loader.State(loaded: [], page: 3)
    #expect(b.definition.log.values.last == Loader.Call(wish: .load(5), state: latest))
    #expect(b.state.loaded == [5])
    withExtendedLifetime(binder) {}
  }

  @Test("37. the same binding with A's work finishing later, on a test clock")
  func newsToWishAfterAsyncWork() async {
    let clock = VirtualClock()
    let a = Feature(initialState: Worker.State(), definition: Worker(clock: clock))
    let b = Feature(initialState: Loader.State(), definition: Loader())
    let binder = Binder()
    binder.bind(.news(of: a), to: .wishes(of: b)) { news in
      guard case .done(let x) = news else { return nil }
      return .load(x)
    }

    a.accept(.finishLater(5, .seconds(1)))
    b.accept(.setPage(2))
    #expect(b.definition.log.values.count == 1)

    // Advanced once the work sleeps: advancing first would move its deadline past the advance.
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await b.definition.log.wait(forCount: 2)

    #expect(
      b.definition.log.values.last
        == Loader.Call(wish: .load(5), state: Loader.State(loaded: [], page: 2))
    )
    withExtendedLifetime(binder) {}
  }

  @Test(
    "38. a value emitted while bindings are being set up reaches every binding",
    arguments: [false, true]
  )
  func valueEmittedDuringSetup(statesBindingFirst: Bool) {
    // Connecting A's states delivers A's current state to B at once; B's news about it must
    // reach the binding of B's news even when that binding is declared (and connected) later.
    let a = Feature(memo: 5)
    let b = Feature(initialState: Loader.State(), definition: Loader())
    let received = Recorder<Loader.News>()
    let lifecycle = ManualLifecycle()
    let binder = Binder(lifecycle: lifecycle)
    let bindStates = { binder.bind(.states(of: a), to: .wishes(of: b)) { .load($0) } }
    let bindNews = { binder.bind(.news(of: b), to: .closure { received.append($0) }) }
    if statesBindingFirst {
      bindStates()
      bindNews()
    } else {
      bindNews()
      bindStates()
    }

    lifecycle.begin()

    #expect(received.values == [.loaded(5)])
    a.accept(6)
    #expect(received.values == [.loaded(5), .loaded(6)])
  }

  @Test("38. a binder without lifecycle holds values until its bindings are connected")
  func valueEmittedWhileAddingBinding() {
    let a = Feature(memo: 1)
    let b = Feature(initialState: Loader.State(), definition: Loader())
    let received = Recorder<Loader.News>()
    let binder = Binder()
    binder.bind(.news(of: b), to: .closure { received.append($0) })
    binder.bind(.states(of: a), to: .wishes(of: b)) { .load($0) }
    #expect(received.values == [.loaded(1)])
  }

  @Test(
    "38. a news handler that ends the lifecycle: the news still reaches every binding",
    arguments: [false, true]
  )
  func handlerEndsLifecycle(enderFirst: Bool) {
    let a = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let received = Recorder<Worker.News>()
    let lifecycle = ManualLifecycle()
    let binder = Binder(lifecycle: lifecycle)
    let bindEnder = {
      binder.bind(.news(of: a), to: .closure { _ in lifecycle.end() })
    }
    let bindRecorder = {
      binder.bind(.news(of: a), to: .closure { received.append($0) })
    }
    if enderFirst {
      bindEnder()
      bindRecorder()
    } else {
      bindRecorder()
      bindEnder()
    }
    lifecycle.begin()

    a.accept(.finish(1))
    a.accept(.finish(2))

    #expect(received.values == [.done(1)])
    #expect(!binder.isActive)
  }

  @Test("38. a handler that cancels the binder: the news still reaches every binding")
  func handlerCancelsBinder() {
    let a = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let received = Recorder<Worker.News>()
    let binder = Binder()
    binder.bind(.news(of: a), to: .closure { [weak binder] _ in binder?.cancel() })
    binder.bind(.news(of: a), to: .closure { received.append($0) })

    a.accept(.finish(1))
    a.accept(.finish(2))

    #expect(received.values == [.done(1)])
  }
}

@Suite("Features connected through the Binder", .threadTestsTimeLimit)
struct ConnectedFeaturesTests {
  @Test("a lifecycle handler cancelled before its subscription is drained never hears an event")
  func lifecycleHandlerCancelledBeforeDrained() {
    let lifecycle = ManualLifecycle()
    let zombie = Recorder<LifecycleEvent>()
    let subscription = lifecycle.observe { event in
      guard event == .begin else { return }
      // Queued behind this delivery, then cancelled before the drainer reaches it.
      lifecycle.observe { zombie.append($0) }.cancel()
    }
    lifecycle.begin()
    lifecycle.end()
    lifecycle.begin()
    #expect(zombie.values == [])
    subscription.cancel()
  }

  @Test("two features bound both ways through news stay in sync without looping")
  func bothWaysWithoutLoop() {
    let a = Feature(initialState: 0, definition: Synced())
    let b = Feature(initialState: 0, definition: Synced())
    let binder = Binder()
    binder.bind(.news(of: a), to: .wishes(of: b)) { news in
      guard case .changed(let value) = news else { return nil }
      return value
    }
    binder.bind(.news(of: b), to: .wishes(of: a)) { news in
      guard case .changed(let value) = news else { return nil }
      return value
    }

    a.accept(3)
    #expect(a.state == 3)
    #expect(b.state == 3)
    #expect(a.definition.log.values == [3, 3])
    #expect(b.definition.log.values == [3])

    b.accept(7)
    #expect(a.state == 7)
    #expect(b.state == 7)
    #expect(a.definition.log.values == [3, 3, 7])
    #expect(b.definition.log.values == [3, 7, 7])
  }

  @Test("two features bound both ways, hammered from four threads: no event lost, no loop")
  func bothWaysUnderConcurrency() async {
    let a = Feature(initialState: Echo.State(), definition: Echo())
    let b = Feature(initialState: Echo.State(), definition: Echo())
    let binder = Binder()
    binder.bind(.news(of: a), to: .wishes(of: b)) { _ in .mirror }
    binder.bind(.news(of: b), to: .wishes(of: a)) { _ in .mirror }
    let perThread = 2_000

    await runOnThreads(4) { thread in
      let target = thread.isMultiple(of: 2) ? a : b
      for _ in 0..<perThread { target.accept(.increment) }
    }

    #expect(a.state == Echo.State(own: 2 * perThread, mirrored: 2 * perThread))
    #expect(b.state == Echo.State(own: 2 * perThread, mirrored: 2 * perThread))
    withExtendedLifetime(binder) {}
  }

  @Test("a chain of three features: A's news drives B, whose news drives C, in order")
  func chainInOrder() {
    let a = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let b = Feature(initialState: Loader.State(), definition: Loader())
    let c = Feature(initialState: Loader.State(), definition: Loader())
    let log = Recorder<String>()
    let binder = Binder(log: { log.append($0) })
    binder.bind(.news(of: a), to: .wishes(of: b), named: "a -> b") { news in
      guard case .done(let x) = news else { return nil }
      return .load(x)
    }
    binder.bind(.news(of: b), to: .wishes(of: c), named: "b -> c") { news in
      guard case .loaded(let x) = news, x > 1 else { return nil }
      return .load(x * 10)
    }

    a.accept(.finish(1))
    a.accept(.finish(2))

    #expect(b.state.loaded == [1, 2])
    #expect(c.state.loaded == [20])
    #expect(
      log.values == [
        "begin",
        "a -> b: done(1) -> load(1)",
        "b -> c: loaded(1) dropped",
        "a -> b: done(2) -> load(2)",
        "b -> c: loaded(2) -> load(20)",
      ]
    )
    withExtendedLifetime(binder) {}
  }

  @Test("an asynchronous sequence source is read in one task and follows the lifecycle")
  func sequenceSource() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let received = Recorder<Int>()
    let lifecycle = ManualLifecycle(isActive: true)
    let binder = Binder(lifecycle: lifecycle)
    binder.bind(.sequence(stream), to: .closure { received.append($0) }) { $0 * 2 }

    continuation.yield(1)
    continuation.yield(2)
    await received.wait(forCount: 2)
    #expect(received.values == [2, 4])
    binder.cancel()
  }

  @Test("a sequence factory makes a fresh sequence on each begin")
  func sequenceFactory() async {
    let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let received = Recorder<Worker.News>()
    let lifecycle = ManualLifecycle()
    let binder = Binder(lifecycle: lifecycle)
    binder.bind(.sequence { worker.news }, to: .closure { received.append($0) })

    lifecycle.begin()
    worker.accept(.finish(1))
    await received.wait(forCount: 1)
    lifecycle.end()
    worker.accept(.finish(2))
    lifecycle.begin()
    worker.accept(.finish(3))
    await received.wait(forCount: 2)

    #expect(received.values == [.done(1), .done(3)])
    binder.cancel()
  }

  @Test("a disposed source feature finishes its bindings, and the log says so")
  func disposedSource() {
    let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let log = Recorder<String>()
    let binder = Binder(log: { log.append($0) })
    binder.bind(.news(of: worker), to: .closure { _ in }, named: "worker")
    worker.dispose()
    #expect(log.values == ["begin", "worker: source finished"])
  }

  @Test("the wish sink does not keep its feature alive")
  func wishSinkIsWeak() {
    let numbers = Emitter<Int>()
    var loader: Feature<Loader>? = Feature(initialState: Loader.State(), definition: Loader())
    weak let weakLoader = loader
    let binder = Binder()
    binder.bind(numbers.source, to: .wishes(of: loader!)) { .load($0) }
    numbers.emit(1)
    #expect(loader?.state.loaded == [1])
    loader = nil
    #expect(weakLoader == nil)
    numbers.emit(2)
    withExtendedLifetime(binder) {}
  }
}

/// Numbers from an emitter bound to a recorder by a binder on a manual lifecycle, not begun.
private func makeLifecycleBinding() -> (Emitter<Int>, Recorder<Int>, ManualLifecycle, Binder) {
  let numbers = Emitter<Int>()
  let received = Recorder<Int>()
  let lifecycle = ManualLifecycle()
  let binder = Binder(lifecycle: lifecycle)
  binder.bind(numbers.source, to: .closure { received.append($0) })
  return (numbers, received, lifecycle, binder)
}
