import Dispatch
import Finita
import FinitaFixtures
import Testing

/// A feature whose state counts its wishes.
private struct Tally: FeatureDefinition {
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int
  typealias State = Int

  func reduce(_ state: inout Int, _ effect: Int) {
    state = effect
  }
}

/// Something an observer captures, to see when the feature lets go of the observer.
private final class Capture: Sendable {
  let values = Locked<[Int]>([])
}

/// Lets a test hold the processing token: the observer it installs blocks the feature's
/// processing thread on a semaphore while it delivers a chosen state.
private final class Gate: Sendable {
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
}

@Suite("Subscriptions cancelled before their observer is added", .threadTestsTimeLimit)
struct SubscriptionLifetimeTests {
  @Test("cancelled inside a delivery, a state subscription never receives and is released")
  func cancelledInsideDelivery() {
    let feature = Feature(initialState: 0, definition: Tally())
    let pending = Locked<Capture?>(Capture())
    weak let weakCapture = pending.value
    let zombie = Locked<[Int]>([])
    let subscription = feature.observeState { value in
      guard value == 1, let capture = pending.modify({ $0.take() }) else { return }
      // Queued behind this delivery, then cancelled before the queue reaches it.
      feature.observeState { [capture] value in
        capture.values.modify { $0.append(value) }
        zombie.modify { $0.append(value) }
      }.cancel()
    }
    for value in 1...3 { feature.accept(value) }
    #expect(zombie.value == [])
    #expect(weakCapture == nil)
    #expect(feature.observerCounts == .init(state: 1, news: 0, cancelledBeforeAdding: 0))
    subscription.cancel()
    #expect(feature.observerCounts == .init(state: 0, news: 0, cancelledBeforeAdding: 0))
  }

  @Test("a states stream ended before its request is processed receives nothing")
  func streamEndedBeforeAdding() async {
    let feature = Feature(initialState: 0, definition: Tally())
    let ended = Locked(false)
    let subscription = feature.observeState { value in
      guard value == 1 else { return }
      // The stream's request is queued behind this delivery; the stream is dropped at once.
      var stream: AsyncStream<Int>? = feature.states
      stream = nil
      _ = stream
      ended.set(true)
    }
    for value in 1...3 { feature.accept(value) }
    #expect(ended.value)
    #expect(feature.observerCounts == .init(state: 1, news: 0, cancelledBeforeAdding: 0))
    subscription.cancel()
  }

  @Test("cancelled from another thread while the feature is busy, nothing arrives after cancel")
  func cancelledFromAnotherThreadWhileBusy() async {
    await onThreadOfItsOwn {
      let feature = Feature(initialState: 0, definition: Tally())
      let gate = Gate()
      let blocker = feature.observeState { value in
        if value == 1 {
          gate.entered.signal()
          gate.release.wait()
        }
      }
      let sender = DispatchGroup()
      DispatchQueue.global().async(group: sender) { feature.accept(1) }
      gate.entered.wait()
      // The processing thread is inside a delivery: this subscription's request is queued.
      let zombie = Locked<[Int]>([])
      weak var weakCapture: Capture?
      do {
        let capture = Capture()
        weakCapture = capture
        feature.observeState { [capture] value in
          capture.values.modify { $0.append(value) }
          zombie.modify { $0.append(value) }
        }.cancel()
      }
      gate.release.signal()
      sender.wait()
      for value in 2...5 { feature.accept(value) }
      #expect(zombie.value == [])
      #expect(weakCapture == nil)
      #expect(feature.observerCounts == .init(state: 1, news: 0, cancelledBeforeAdding: 0))
      blocker.cancel()
    }
  }

  @Test("subscribing and cancelling at once from several threads leaves no observer behind")
  func churnFromSeveralThreadsLeavesNothing() async {
    let feature = Feature(initialState: 0, definition: Tally())
    // Deliveries after `cancel()` returned, one counter per subscription, read once every thread
    // is done: the rule allows the state being delivered at that moment, and nothing after it.
    let lateCounts = Locked<[Locked<Int>]>([])
    let rounds = 2_000
    await runOnThreads(4) { thread in
      if thread == 0 {
        for value in 1...(rounds * 2) { feature.accept(value) }
        return
      }
      for _ in 0..<rounds {
        let cancelled = Locked(false)
        let late = Locked(0)
        lateCounts.modify { $0.append(late) }
        let subscription = feature.observeState { _ in
          if cancelled.value { late.modify { $0 += 1 } }
        }
        subscription.cancel()
        cancelled.set(true)
      }
    }
    feature.accept(0)
    #expect(lateCounts.value.map(\.value).max() ?? 0 <= 1)
    #expect(feature.observerCounts == .init(state: 0, news: 0, cancelledBeforeAdding: 0))
  }

  @Test("a cancelled observer receives at most the state being delivered, then nothing")
  func cancelFromAnotherThreadStopsAfterTheCurrentDelivery() async {
    await onThreadOfItsOwn {
      let feature = Feature(initialState: 0, definition: Tally())
      let gate = Gate()
      let received = Locked<[Int]>([])
      let observer = feature.observeState { value in
        received.modify { $0.append(value) }
        if value == 1 {
          gate.entered.signal()
          gate.release.wait()
        }
      }
      let sender = DispatchGroup()
      DispatchQueue.global().async(group: sender) {
        for value in 1...4 { feature.accept(value) }
      }
      gate.entered.wait()
      observer.cancel()
      gate.release.signal()
      sender.wait()
      #expect(received.value == [0, 1])
    }
  }

  @Test("news observers added and removed one by one keep their order")
  func newsObserversKeepTheirOrder() {
    let feature = Feature(initialState: 0, definition: Announcer())
    let heard = Locked<[Int]>([])
    var subscriptions = (0..<100).map { index in
      feature.observeNews { _ in heard.modify { $0.append(index) } }
    }
    // Remove every other one, then the first 40 of the rest: enough to compact the slots.
    for index in stride(from: 99, through: 0, by: -2) { subscriptions[index].cancel() }
    for index in stride(from: 0, to: 80, by: 2) { subscriptions[index].cancel() }
    feature.accept(1)
    #expect(heard.value == Array(stride(from: 80, to: 100, by: 2)))
    subscriptions.removeAll()
    #expect(feature.observerCounts == .init(state: 0, news: 0, cancelledBeforeAdding: 0))
  }

  @Test("100,000 observers added, then cancelled one by one, all receive and all go")
  func manyObserversComeAndGo() {
    let feature = Feature(initialState: 0, definition: Tally())
    let deliveries = Locked(0)
    var subscriptions: [Subscription] = []
    subscriptions.reserveCapacity(100_000)
    for _ in 0..<100_000 {
      subscriptions.append(feature.observeState { _ in deliveries.modify { $0 += 1 } })
    }
    feature.accept(1)
    #expect(deliveries.value == 200_000)
    for subscription in subscriptions { subscription.cancel() }
    feature.accept(2)
    #expect(deliveries.value == 200_000)
    #expect(feature.observerCounts == .init(state: 0, news: 0, cancelledBeforeAdding: 0))
  }
}

/// A feature that publishes each effect as news.
private struct Announcer: FeatureDefinition {
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int
  typealias State = Int
  typealias News = Int

  func reduce(_ state: inout Int, _ effect: Int) {
    state = effect
  }

  func publishNews(_ action: Int, _ effect: Int, _ state: Int) -> Int? {
    effect
  }
}
