import Dispatch
import Finita
import FinitaFixtures
import Testing

/// A feature whose state is a list `[0, 1, 2, ...]`: any torn or mixed read shows up as a list
/// whose elements are not their own indices.
private struct Sequence: FeatureDefinition {
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int
  typealias State = [Int]

  func reduce(_ state: inout [Int], _ effect: Int) {
    state.append(state.count)
  }
}

/// A feature whose state is two numbers written by the Reducer itself (not inside the standard
/// library), so ThreadSanitizer sees every write; `check` is always `count * 7`.
private struct Pair: FeatureDefinition {
  struct State: Equatable, Sendable {
    var count = 0
    var check = 0
  }
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int

  func reduce(_ state: inout State, _ effect: Int) {
    state.count += 1
    state.check = state.count * 7
  }
}

/// A feature whose every wish is answered by an asynchronous effect.
private struct Echo: FeatureDefinition {
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int
  typealias State = Int

  func act(_ state: Int, _ action: Int) -> Effects<Int> {
    .run { send in send(action) }
  }

  func reduce(_ state: inout Int, _ effect: Int) {
    state += effect
  }
}

/// Sends `count` wishes from one thread while `readers` other threads each run `read`.
private func send(
  _ count: Int,
  to feature: Feature<Sequence>,
  whileReaders readers: Int,
  read: @escaping @Sendable () -> Void
) async {
  await runOnThreads(readers + 1) { thread in
    if thread == 0 {
      for _ in 0..<count { feature.accept(1) }
    } else {
      read()
    }
  }
}

/// Subscribes an observer that captures an object, then checks that cancelling the
/// subscription releases the object.
private func expectCancelReleasesObserver(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ subscribe: (Capture) -> Subscription
) {
  weak var weakCapture: Capture?
  let subscription: Subscription
  do {
    let capture = Capture()
    weakCapture = capture
    subscription = subscribe(capture)
  }
  #expect(weakCapture != nil, sourceLocation: sourceLocation)
  subscription.cancel()
  #expect(weakCapture == nil, sourceLocation: sourceLocation)
}

/// Something an observer captures, to see when the feature lets go of the observer.
private final class Capture: Sendable {}

@Suite("State publication and observer changes", .serialized, .threadTestsTimeLimit)
struct PublicationTests {
  @Test("readers on other threads see whole states that never go back in time")
  func readersSeeWholeStatesInOrder() async {
    let feature = Feature(initialState: [], definition: Sequence())
    let torn = Locked(0)
    let backwards = Locked(0)
    let writes = 20_000
    await send(writes, to: feature, whileReaders: 3) {
      var last = 0
      while last < writes {
        let state = feature.state
        if state.last.map({ $0 != state.count - 1 }) ?? false { torn.modify { $0 += 1 } }
        if state.count < last { backwards.modify { $0 += 1 } }
        last = state.count
      }
    }
    #expect(torn.value == 0)
    #expect(backwards.value == 0)
    #expect(feature.state.count == writes)
  }

  @Test("the token hands the state from thread to thread with nothing else synchronizing them")
  func tokenOrdersTheStateBetweenThreads() async {
    // No lock in the definition or the observer: under ThreadSanitizer, only the processing
    // token's acquire and release order one thread's Reducer before the next thread's Actor.
    let feature = Feature(initialState: Pair.State(), definition: Pair())
    let torn = Locked(0)
    let subscription = feature.observeState { state in
      // The lock is taken only for a torn state; taking it always would order the threads.
      if state.check != state.count * 7 { torn.modify { $0 += 1 } }
    }
    await runOnThreads(4) { _ in
      for _ in 0..<2_500 { feature.accept(1) }
    }
    #expect(feature.state == Pair.State(count: 10_000, check: 70_000))
    #expect(torn.value == 0)
    _ = subscription
  }

  @Test("an effect sent while the sender gives the token back is never stranded in the queue")
  func effectRacingTheRelease() async {
    // The task's effect often arrives while the thread that accepted the wish is still giving
    // the token back; before the fix, the effect could be queued with nobody left to process it.
    let feature = Feature(initialState: 0, definition: Echo())
    let arrived = DispatchSemaphore(value: 0)
    let subscription = feature.observeState { state in if state > 0 { arrived.signal() } }
    let rounds = 30_000
    // A lost effect never arrives; the long timeout only covers tasks delayed by other tests on
    // a busy machine.
    let completed = await onThreadOfItsOwn {
      for round in 0..<rounds {
        feature.accept(1)
        if arrived.wait(timeout: .now() + .seconds(30)) == .timedOut { return round }
      }
      return rounds
    }
    #expect(completed == rounds)
    #expect(feature.state == completed)
    _ = subscription
  }

  @Test("a thread told about a state by an observer reads that state or a later one")
  func stateIsPublishedBeforeObserversRun() async {
    let feature = Feature(initialState: [], definition: Sequence())
    let announced = Locked(0)
    let subscription = feature.observeState { state in announced.set(state.count) }
    let stale = Locked(0)
    let writes = 20_000
    await send(writes, to: feature, whileReaders: 1) {
      var seen = 0
      while seen < writes {
        seen = announced.value
        if feature.state.count < seen { stale.modify { $0 += 1 } }
      }
    }
    #expect(stale.value == 0)
    _ = subscription
  }

  @Test("inside an observer, state is the state being delivered")
  func observerReadsItsOwnState() {
    let feature = Feature(initialState: [], definition: Sequence())
    let mismatches = Locked(0)
    let subscription = feature.observeState { [feature] state in
      if feature.state != state { mismatches.modify { $0 += 1 } }
    }
    for _ in 0..<100 { feature.accept(1) }
    #expect(mismatches.value == 0)
    _ = subscription
  }

  @Test("cancelling a subscription of an idle feature lets go of the observer at once")
  func cancelReleasesObserver() {
    let feature = Feature(initialState: [], definition: Sequence())
    expectCancelReleasesObserver { capture in
      defer { feature.accept(1) }
      return feature.observeState { _ in _ = capture }
    }
  }

  @Test("a news observer that is cancelled is let go at once too")
  func cancelReleasesNewsObserver() {
    let feature = makeFixture()
    expectCancelReleasesObserver { capture in feature.observeNews { _ in _ = capture } }
  }

  @Test("an observer cancelled from another thread is called at most once more")
  func cancelFromAnotherThread() async {
    let feature = Feature(initialState: [], definition: Sequence())
    let cancelled = Locked(false)
    let callsAfterCancel = Locked(0)
    let subscription = feature.observeState { _ in
      if cancelled.value { callsAfterCancel.modify { $0 += 1 } }
    }
    let started = DispatchSemaphore(value: 0)
    await runOnThreads(2) { thread in
      if thread == 0 {
        started.signal()
        for _ in 0..<20_000 { feature.accept(1) }
      } else {
        started.wait()
        subscription.cancel()
        cancelled.set(true)
      }
    }
    #expect(callsAfterCancel.value <= 1)
  }

  @Test("disposing inside an observer: no later observer or news is called, streams finish")
  func disposeInsideObserver() async {
    let feature = makeFixture { $0.news = { _, _, state in .number(state.counter) } }
    let first = Locked<[Int]>([])
    let second = Locked<[Int]>([])
    let news = Locked(0)
    let states = feature.states
    let a = feature.observeState { [feature] state in
      first.modify { $0.append(state.counter) }
      if state.counter == 102 { feature.dispose() }
    }
    let b = feature.observeState { state in second.modify { $0.append(state.counter) } }
    let n = feature.observeNews { _ in news.modify { $0 += 1 } }
    feature.accept(.i1)
    feature.accept(.i1)
    #expect(first.value == [100, 102])
    #expect(second.value == [100])
    #expect(news.value == 0)
    #expect(feature.isDisposed)
    #expect(feature.state.counter == 102)
    var received: [Int] = []
    for await state in states { received.append(state.counter) }
    #expect(received == [100, 102])
    _ = (a, b, n)
  }

  @Test("a news observer added by a state observer receives the news of the same effect")
  func newsObserverAddedDuringNotification() {
    let feature = makeFixture { $0.news = { _, _, state in .number(state.counter) } }
    let news = Locked<[FixtureNews]>([])
    let added = Locked<Subscription?>(nil)
    let subscription = feature.observeState { [feature] state in
      guard state.counter == 102, added.value == nil else { return }
      added.set(feature.observeNews { item in news.modify { $0.append(item) } })
    }
    feature.accept(.i1)
    feature.accept(.i1)
    #expect(news.value == [.number(102), .number(104)])
    _ = subscription
  }

  @Test("a news observer added from another thread while the feature processes gets later news")
  func newsObserverAddedFromAnotherThread() async {
    let feature = makeFixture { $0.news = { _, _, state in .number(state.counter) } }
    let news = Locked<[Int]>([])
    let subscription = Locked<Subscription?>(nil)
    let started = DispatchSemaphore(value: 0)
    await runOnThreads(2) { thread in
      if thread == 0 {
        started.signal()
        for _ in 0..<5_000 { feature.accept(.i1) }
      } else {
        started.wait()
        subscription.set(
          feature.observeNews { item in
            if case .number(let n) = item { news.modify { $0.append(n) } }
          })
      }
    }
    feature.accept(.i1)
    let received = news.value
    // Whatever it missed, it gets every news from its first one on, in order.
    #expect(received.last == 100 + 2 * 5_001)
    #expect(zip(received, received.dropFirst()).allSatisfy { $1 == $0 + 2 })
  }
}
