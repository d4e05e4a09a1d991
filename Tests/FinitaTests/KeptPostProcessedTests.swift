import Finita
import FinitaFixtures
import Testing

/// The PostProcessor's actions that the token holder keeps for itself, without the lock, while
/// nothing else is queued: they must run exactly where the shared queue would have run them.
@Suite("PostProcessor actions kept by the processing thread", .timeLimit(.minutes(1)))
struct KeptPostProcessedTests {
  /// Each action is reduced into the log as it is processed; `two` makes two effects; the
  /// PostProcessor follows `e1` with `p1`, `e2` with `p2`, and `step n` with `step n-1`.
  struct Steps: FeatureDefinition {
    struct State: Sendable, Equatable { var log: [String] = [] }
    typealias Wish = String

    func act(_ state: State, _ action: String) -> Effects<String> {
      action == "two" ? .many(["e1", "e2"]) : .just(action)
    }

    func reduce(_ state: inout State, _ effect: String) {
      state.log.append(effect)
    }

    func postProcess(_ action: String, _ effect: String, _ state: State) -> String? {
      switch effect {
      case "e1": return "p1"
      case "e2": return "p2"
      default:
        guard effect.hasPrefix("step "), let count = Int(effect.dropFirst(5)), count > 0 else {
          return nil
        }
        return "step \(count - 1)"
      }
    }
  }

  @Test("a kept action runs after what was queued before it and before what was queued after")
  func order() {
    let feature = Feature(initialState: Steps.State(), definition: Steps())
    // `p1` is kept (nothing queued yet); the observer then queues `w`; `p2` joins the queue
    // behind `w`. The shared queue alone gives the same order.
    let subscription = feature.observeState { [feature] state in
      if state.log.last == "e2" { feature.accept("w") }
    }
    feature.accept("two")
    #expect(feature.state.log == ["e1", "e2", "p1", "w", "p2"])
    subscription.cancel()
  }

  @Test("a kept action does not run once an observer disposed the feature")
  func disposal() {
    let feature = Feature(initialState: Steps.State(), definition: Steps())
    let lastSeen = Locked<[String]>([])
    let subscription = feature.observeState { [feature] state in
      lastSeen.modify { $0 = state.log }
      if state.log.last == "e2" { feature.dispose() }
    }
    feature.accept("two")
    #expect(lastSeen.value == ["e1", "e2"])
    feature.accept("w")
    #expect(lastSeen.value == ["e1", "e2"])
    subscription.cancel()
  }

  @Test("a kept action waits, with the rest, while an observer made the feature travel")
  func travel() {
    let feature = Feature(initialState: Steps.State(), definition: Steps())
    let travelled = Locked(false)
    let seen = Locked<[[String]]>([])
    let subscription = feature.observeState { [feature] state in
      seen.modify { $0.append(state.log) }
      guard state.log.last == "e2", !travelled.value else { return }
      travelled.modify { $0 = true }
      feature.travel(to: Steps.State(log: ["past"]))
    }
    feature.accept("two")
    #expect(feature.isTravelling)
    #expect(feature.state.log == ["past"])
    feature.returnToLive()
    #expect(feature.state.log == ["e1", "e2", "p1", "p2"])
    // Queued before travel began, `p1` waits with the rest, as the shared queue makes it: the
    // observers see no step of it before the past state.
    #expect(
      seen.value == [
        [], ["e1"], ["e1", "e2"], ["past"], ["e1", "e2"], ["e1", "e2", "p1"],
        ["e1", "e2", "p1", "p2"],
      ])
    subscription.cancel()
  }

  @Test("a chain of 10,000 kept actions runs in order without growing the stack")
  func longChain() {
    let feature = Feature(initialState: Steps.State(), definition: Steps())
    feature.accept("step 10000")
    let log = feature.state.log
    #expect(log.count == 10_001)
    #expect(log.first == "step 10000")
    #expect(log.last == "step 0")
  }

  @Test("wishes from other threads while actions are kept: each wish's chain runs in order, once")
  func concurrentWishes() async {
    let feature = Feature(initialState: Steps.State(), definition: Steps())
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<4 {
        group.addTask {
          for index in 0..<200 {
            // Each chain is three actions long: `step 2`, `step 1`, `step 0`.
            feature.accept(index.isMultiple(of: 2) ? "step 2" : "t\(thread)-\(index)")
          }
        }
      }
    }
    await feature.idle()
    let log = feature.state.log
    #expect(log.count == 4 * (100 * 3 + 100))
    // A chain's actions follow each other in order: every `step 1` follows a `step 2`, every
    // `step 0` a `step 1`, with other threads' wishes possibly in between.
    var open = [0, 0, 0]
    for entry in log {
      switch entry {
      case "step 2": open[0] += 1
      case "step 1":
        #expect(open[0] > 0)
        open[0] -= 1
        open[1] += 1
      case "step 0":
        #expect(open[1] > 0)
        open[1] -= 1
      default: break
      }
    }
    #expect(open == [0, 0, 0])
    for thread in 0..<4 {
      let own = log.filter { $0.hasPrefix("t\(thread)-") }
      #expect(own == (0..<200).filter { !$0.isMultiple(of: 2) }.map { "t\(thread)-\($0)" })
    }
  }
}
