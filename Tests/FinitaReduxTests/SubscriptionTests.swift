import Finita
import FinitaFixtures
import FinitaRedux
import Testing

@Suite("Subscriptions", .timeLimit(.minutes(1)))
struct SubscriptionTests {
  @Test("a subscription cancelled inside a delivery never receives and is released")
  func cancelledInsideDelivery() {
    final class Capture: Sendable {}
    let store = makeLogStore()
    let zombie = Recorder<Int>()
    let pending = Locked<Capture?>(Capture())
    weak let weakCapture = pending.value
    let token = store.subscribe(\.count) { count in
      guard count == 1, let capture = pending.modify({ $0.take() }) else { return }
      store.subscribe(\.count) { [capture] in
        _ = capture
        zombie.append($0)
      }.cancel()
    }
    for _ in 0..<3 { store.dispatch(.increment) }
    #expect(zombie.values == [])
    #expect(weakCapture == nil)
    token.cancel()
  }

  @Test("a key-path subscription gets the current value, then only changes of that value")
  func selectAndSkip() {
    let store = makeLogStore()
    let counts = Recorder<Int>()
    let token = store.subscribe(\.count) { counts.append($0) }
    store.dispatch(.increment)
    store.dispatch(.setTitle("not the count"))
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(counts.values == [0, 1, 2])
    token.cancel()
  }

  @Test("a closure selection is skipped when equal; a custom comparison decides duplicates")
  func closureSelection() {
    let store = makeLogStore()
    let parity = Recorder<Bool>()
    let sizes = Recorder<Int>()
    let parityToken = store.subscribe({ $0.count % 2 == 0 }, { parity.append($0) })
    let sizeToken = store.subscribe(
      { $0.entries.count },
      removingDuplicates: { old, new in new - old < 2 },
      { sizes.append($0) }
    )
    for _ in 0..<3 { store.dispatch(.increment) }
    for entry in ["a", "b", "c"] { store.dispatch(.add(entry)) }
    #expect(parity.values == [true, false, true, false])
    #expect(sizes.values == [0, 2])
    _ = (parityToken, sizeToken)
  }

  @Test("a non-Equatable selection is delivered after every action")
  func nonEquatableSelection() {
    struct Box: Sendable { let count: Int }
    let store = makeLogStore()
    let boxes = Recorder<Int>()
    let token = store.subscribe({ Box(count: $0.count) }, { boxes.append($0.count) })
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(boxes.values == [0, 0, 1])
    token.cancel()
  }

  @Test("an Equatable state subscription skips actions that change nothing")
  func wholeStateSkips() {
    let store = makeLogStore()
    let states = Recorder<Log>()
    let token = store.subscribe { (state: Log) in states.append(state) }
    store.dispatch(.noop)
    store.dispatch(.increment)
    store.dispatch(.noop)
    #expect(states.values.map(\.count) == [0, 1])
    token.cancel()
  }

  @Test("no notification after unsubscribing, by cancel or by releasing the token")
  func unsubscribe() {
    let store = makeLogStore()
    let cancelled = Recorder<Int>()
    let released = Recorder<Int>()
    let token = store.subscribe(\.count) { cancelled.append($0) }
    var other: Subscription? = store.subscribe(\.count) { released.append($0) }
    store.dispatch(.increment)
    token.cancel()
    other = nil
    store.dispatch(.increment)
    #expect(cancelled.values == [0, 1])
    #expect(released.values == [0, 1])
    #expect(other == nil)
  }

  @Test("values(of:) is an AsyncSequence of distinct values that ends when the store is disposed")
  func asyncValues() async {
    let store = makeLogStore()
    let sequence = store.values(of: \.count)
    var iterator = sequence.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    store.dispatch(.setTitle("ignored"))
    store.dispatch(.increment)
    #expect(await iterator.next() == 1)
    store.dispose()
    #expect(await iterator.next() == nil)
  }

  @Test("states is an AsyncSequence that starts with the current state")
  func asyncStates() async {
    let store = makeLogStore()
    store.dispatch(.increment)
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 1)
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(await iterator.next()?.count == 2)
  }
}
