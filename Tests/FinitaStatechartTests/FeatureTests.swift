import Finita
import FinitaFixtures
import FinitaStatechart
import FinitaTesting
import Testing

@Suite("Statechart as a feature")
struct FeatureTests {
  static let chart: Statechart = {
    do {
      return try Statechart {
        State("idle") {
          On("start", to: "running")
        }
        State("running", initial: "warmingUp") {
          Entry(.emit("started"), .send("tick", after: .seconds(1), id: "timer"))
          Exit(.cancel("timer"), .emit("stopped"))
          State("warmingUp") { On("tick", to: "hot") }
          State("hot") { Entry(.emit("hot")) }
          On("stop", to: "idle")
        }
      }
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  @Test("events are wishes, outputs are news in order, and the state is the machine")
  func outputsAsNews() {
    let feature = Feature(statechart: Self.chart, clock: VirtualClock())
    let news = Recorder<String>()
    let subscription = feature.observeNews { news.append($0) }
    feature.accept("start")
    #expect(feature.state.configuration == ["warmingUp"])
    feature.accept("stop")
    #expect(feature.state.configuration == ["idle"])
    #expect(news.values == ["started", "stopped"])
    subscription.cancel()
  }

  @Test("a delayed send sleeps on the injected clock and comes back as an event")
  func delayedSend() async {
    let clock = VirtualClock()
    let feature = Feature(statechart: Self.chart, clock: clock)
    let news = Recorder<String>()
    let subscription = feature.observeNews { news.append($0) }
    feature.accept("start")
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await news.waitFor(count: 2)
    #expect(news.values == ["started", "hot"])
    #expect(feature.state.configuration == ["hot"])
    subscription.cancel()
  }

  @Test("a cancelled delayed send never arrives")
  func cancelledSend() async {
    let clock = VirtualClock()
    let feature = Feature(statechart: Self.chart, clock: clock)
    let news = Recorder<String>()
    let subscription = feature.observeNews { news.append($0) }
    feature.accept("start")
    await clock.waitForSleeps(1)
    feature.accept("stop")
    feature.accept("start")
    // The second timer is the one that fires; the first was cancelled when `running` exited.
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    await news.waitFor(count: 4)
    #expect(news.values == ["started", "stopped", "started", "hot"])
    subscription.cancel()
  }

  @Test("an event sent by an observer is queued, never handled inside the current one")
  func neverRecursive() {
    let feature = Feature(statechart: Self.chart, clock: VirtualClock())
    let seen = Recorder<[String]>()
    let subscription = feature.observeNews { [weak feature] output in
      if output == "started" {
        feature?.accept("stop")
        seen.append(feature?.state.configuration ?? [])
      }
    }
    feature.accept("start")
    #expect(seen.values == [["warmingUp"]])
    #expect(feature.state.configuration == ["idle"])
    subscription.cancel()
  }

  @Test("outputs of the initial configuration are published when the feature starts")
  func initialOutputs() {
    let chart = try? Statechart {
      State("ready") { Entry(.emit("hello")) }
    }
    guard let chart else {
      Issue.record("the chart should be valid")
      return
    }
    let feature = Feature(statechart: chart, clock: VirtualClock(), startsImmediately: false)
    let news = Recorder<String>()
    let subscription = feature.observeNews { news.append($0) }
    feature.start()
    #expect(news.values == ["hello"])
    subscription.cancel()
  }
}
