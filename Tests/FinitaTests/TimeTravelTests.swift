import Dispatch
import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// A list of the wishes reduced so far; `.later(n)` appends `n` after a second of the test clock,
/// `.twice(n)` appends `n`, then its PostProcessor appends `-n`.
private struct Log: FeatureDefinition {
  enum Wish: Sendable {
    case add(Int)
    case later(Int)
    case twice(Int)
  }
  typealias Action = Wish
  typealias Effect = Int
  typealias State = [Int]

  let clock: any Clock<Duration>

  func act(_ state: [Int], _ action: Wish) -> Effects<Int> {
    switch action {
    case .add(let value), .twice(let value):
      return .just(value)
    case .later(let value):
      return .delayed(value, by: .seconds(1), clock: clock)
    }
  }

  func reduce(_ state: inout [Int], _ effect: Int) {
    state.append(effect)
  }

  func postProcess(_ action: Wish, _ effect: Int, _ state: [Int]) -> Wish? {
    if case .twice = action, effect > 0 { return .add(-effect) }
    return nil
  }
}

@Suite("Time travel", .threadTestsTimeLimit)
struct TimeTravelTests {
  private func makeLog(clock: any Clock<Duration> = VirtualClock()) -> Feature<Log> {
    Feature(initialState: [], definition: Log(clock: clock))
  }

  @Test(
    "observers see the travelled-to states; back to live shows the live state, then held wishes")
  func travelAndReturn() {
    let feature = makeLog()
    let seen = Recorder<[Int]>()
    let subscription = feature.observeState { seen.append($0) }
    feature.accept(.add(1))
    feature.accept(.add(2))
    feature.travel(to: [])
    feature.travel(to: [1])
    #expect(feature.isTravelling)
    #expect(feature.state == [1])
    feature.accept(.add(3))
    #expect(feature.state == [1])
    feature.returnToLive()
    #expect(!feature.isTravelling)
    #expect(seen.values == [[], [1], [1, 2], [], [1], [1, 2], [1, 2, 3]])
    subscription.cancel()
  }

  @Test("continuing from the travelled-to state starts a new branch; held wishes apply to it")
  func continueFromHere() {
    let feature = makeLog()
    for value in 1...3 { feature.accept(.add(value)) }
    feature.travel(to: [1])
    feature.accept(.add(9))
    feature.continueFromTravelledState()
    #expect(feature.state == [1, 9])
    feature.accept(.add(10))
    #expect(feature.state == [1, 9, 10])
  }

  @Test("an effect delivered by asynchronous work while travelling waits for the return")
  func asynchronousEffectWaits() async {
    let clock = VirtualClock()
    let feature = makeLog(clock: clock)
    feature.accept(.later(5))
    feature.travel(to: [42])
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await feature.idle()
    #expect(feature.state == [42])
    feature.returnToLive()
    #expect(feature.state == [5])
  }

  @Test("a post-processed action of the step in progress waits with the held wishes")
  func postProcessedActionWaits() {
    let feature = makeLog()
    let travelled = Locked(false)
    let subscription = feature.observeState { state in
      // Asked for inside the step of `.twice(4)`: shows after it, before its follow-up.
      if state == [4], !travelled.value {
        travelled.set(true)
        feature.travel(to: [0])
      }
    }
    feature.accept(.twice(4))
    #expect(feature.state == [0])
    feature.returnToLive()
    #expect(feature.state == [4, -4])
    subscription.cancel()
  }

  @Test("a state observer added while travelling starts with the travelled-to state")
  func subscribeWhileTravelling() {
    let feature = makeLog()
    feature.accept(.add(1))
    feature.travel(to: [7])
    let seen = Recorder<[Int]>()
    let subscription = feature.observeState { seen.append($0) }
    feature.returnToLive()
    #expect(seen.values == [[7], [1]])
    subscription.cancel()
  }

  @Test("ending travel when not travelling does nothing; disposing while travelling drops the rest")
  func edges() {
    let feature = makeLog()
    feature.returnToLive()
    feature.continueFromTravelledState()
    feature.accept(.add(1))
    #expect(feature.state == [1])
    feature.travel(to: [])
    feature.accept(.add(2))
    feature.dispose()
    feature.returnToLive()
    #expect(feature.state == [])
  }

  @Test("travel asked for from another thread while the feature is busy shows after that work")
  func travelFromAnotherThreadWhileBusy() async {
    await onThreadOfItsOwn {
      let feature = makeLog()
      let entered = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let blocked = Locked(false)
      let subscription = feature.observeState { state in
        // Blocks the first delivery of [1] only: returning to live shows [1] again.
        if state == [1], !blocked.value {
          blocked.set(true)
          entered.signal()
          release.wait()
        }
      }
      let sender = DispatchGroup()
      DispatchQueue.global().async(group: sender) { feature.accept(.twice(1)) }
      entered.wait()
      feature.travel(to: [100])
      feature.accept(.add(2))
      release.signal()
      sender.wait()
      #expect(feature.state == [100])
      feature.returnToLive()
      #expect(feature.state == [1, 2, -1])
      subscription.cancel()
    }
  }
}
