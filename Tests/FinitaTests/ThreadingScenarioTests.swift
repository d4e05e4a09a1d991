import Dispatch
import Finita
import FinitaFixtures
import Foundation
import Testing

@Suite("Threading scenarios (32-34)", .threadTestsTimeLimit)
struct ThreadingScenarioTests {
  @Test("32. 8 threads x 10,000 wishes: none lost, each thread's order kept, never concurrent")
  func concurrentSenders() async {
    let threads = 8
    let wishesPerThread = 10_000
    let concurrency = ConcurrencyGuard()
    let lastSequence = Locked([Int](repeating: -1, count: threads))
    let outOfOrder = Locked(0)
    let feature = makeFixture { $0.reducerGuard = concurrency }
    let subscription = feature.observeState { _ in
      concurrency.enter()
      concurrency.leave()
    }
    let actions = Locked(0)
    let logSubscription = feature.observeNews { _ in }
    await runOnThreads(threads) { thread in
      for sequence in 0..<wishesPerThread {
        feature.accept(.tagged(thread: thread, sequence: sequence))
      }
    }
    for call in feature.definition.log.calls {
      guard case .tagged(let thread, let sequence) = call.action else { continue }
      actions.modify { $0 += 1 }
      lastSequence.modify { last in
        if sequence != last[thread] + 1 { outOfOrder.modify { $0 += 1 } }
        last[thread] = sequence
      }
    }
    #expect(actions.value == threads * wishesPerThread)
    #expect(feature.state.counter == 100 + threads * wishesPerThread)
    #expect(outOfOrder.value == 0)
    #expect(concurrency.violations.value == 0)
    _ = (subscription, logSubscription)
  }

  @Test("33. a main-actor feature runs its reducer and observers only on the main actor")
  @MainActor
  func mainActorConfinement() async {
    // The main actor's executor is the main dispatch queue; mark it to recognise it.
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 33)
    let offMain = Locked(0)
    let concurrency = ConcurrencyGuard()
    let feature = makeFixture(configuration: .init(isolation: .mainActor)) {
      $0.reducerGuard = concurrency
    }
    let subscription = feature.observeState { _ in
      if DispatchQueue.getSpecific(key: key) != 33 { offMain.modify { $0 += 1 } }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          #expect(DispatchQueue.getSpecific(key: key) == nil)
          for _ in 0..<25 { feature.accept(.i1) }
        }
      }
    }
    feature.accept(.i1)
    _ = await feature.waitForState { $0.counter == 100 + 101 * 2 }
    #expect(offMain.value == 0)
    #expect(concurrency.violations.value == 0)
    #expect(feature.definition.log.calls.count == 101)
    _ = subscription
  }

  @Test("34. sending from the processing thread itself, inside an observer, never deadlocks")
  func sendingFromObserverDoesNotDeadlock() {
    let feature = makeFixture()
    let subscription = feature.observeState { [feature] state in
      if state.counter < 110 { feature.accept(.i1) }
    }
    #expect(feature.state.counter == 110)
    _ = subscription
  }
}
