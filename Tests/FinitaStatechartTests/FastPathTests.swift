import FinitaExamples
import Foundation
import Testing

@testable import FinitaStatechart

/// The fast path of charts of up to 63 states answers most events from precomputed tables; it
/// must give exactly what the W3C algorithm gives. These tests run every chart twice, with and
/// without the fast path, on the same random events, and compare everything a step shows.
@Suite("Statechart fast path")
struct FastPathTests {
  @Test(
    "on every SCION chart, the fast path and the general algorithm agree on random events",
    arguments: Conformance.cases)
  func agreesOnConformanceCharts(_ testCase: Conformance.Case) throws {
    let text = try String(contentsOf: testCase.document, encoding: .utf8)
    let chart = try Statechart(scxml: text)
    try compare(chart, named: testCase.name, seed: UInt64(testCase.name.utf8.count))
  }

  @Test("on the example charts and the benchmark's hierarchy, they agree on random events")
  func agreesOnExampleCharts() throws {
    try compare(MusicPlayerChart.chart, named: "music player", seed: 7)
    try compare(CallTrackerChart.chart, named: "call tracker", seed: 11)
    try compare(Self.hierarchy, named: "three-level hierarchy", seed: 13)
  }

  @Test("the fast path is taken: a chart of 63 states or fewer has one, a bigger one has none")
  func fastPathIsThere() throws {
    #expect(StatechartMachine(Self.hierarchy).fast != nil)
    let big = try Statechart(name: "big") {
      State("all", initial: "s0") {
        for number in 0..<70 {
          State("s\(number)") { On("next", to: "s\((number + 1) % 70)") }
        }
      }
    }
    var machine = StatechartMachine(big)
    #expect(machine.fast == nil)
    for _ in 0..<75 { machine.send("next") }
    #expect(machine.configuration == ["s5"])
  }

  /// The benchmark's chart with actions on some states, so that quiet and noisy transitions mix.
  static let hierarchy: Statechart = {
    do {
      return try Statechart(name: "hierarchy") {
        State("player", initial: "stopped") {
          State("stopped") {
            On("play", to: "playing")
          }
          State("playing", initial: "buffering") {
            Entry(.emit("started"))
            State("buffering") { On("ready", to: "streaming") }
            State("streaming") {
              On("stall", to: "buffering")
              On("skip", actions: .raise("ready"))
            }
            On("pause", to: "paused")
            On("stop", to: "stopped")
          }
          State("paused") {
            Exit(.emit("resumed"))
            On("play", to: "playing")
            On("stop", to: "stopped")
          }
          On("eject", to: "ejected")
        }
        State("ejected") { On("load", to: "player") }
      }
    } catch {
      preconditionFailure("Internal inconsistency: the test chart is invalid: \(error)")
    }
  }()

  /// Sends 2,000 random events (the chart's own names and one it does not know) to the chart
  /// with and without the fast path and expects the same step, states and commands each time.
  private func compare(_ chart: Statechart, named name: String, seed: UInt64) throws {
    let names = chart.tables.classes.keys.filter { !$0.contains("*") }.sorted() + ["unknown"]
    var fast = StatechartMachine(chart, fastPath: true)
    var general = StatechartMachine(chart, fastPath: false)
    #expect(general.fast == nil)
    #expect(fast.activeStates == general.activeStates, "\(name): initial states")
    var random = seed | 1
    for number in 1...2_000 {
      random ^= random << 13
      random ^= random >> 7
      random ^= random << 17
      let event = names[Int(random % UInt64(names.count))]
      let fastStep = fast.send(event)
      let generalStep = general.send(event)
      guard
        fastStep == generalStep, fast.activeStates == general.activeStates,
        fast.commands == general.commands
      else {
        Issue.record(
          """
          \(name), event \(number) (\(event)):
            fast path: \(fastStep), \(fast.activeStates), \(fast.commands)
            general:   \(generalStep), \(general.activeStates), \(general.commands)
          """)
        return
      }
    }
  }
}

@Suite("Statechart event handles")
struct EventHandleTests {
  @Test("a handle made by another chart is looked up by its name, never by the other's tables")
  func handleOfAnotherChart() throws {
    let small = try Statechart(name: "small") {
      State("off") { On("go", to: "on") }
      State("on") { On("stop", to: "off") }
    }
    // More event names than the small chart has classes, so a foreign class would be out of
    // its tables' range.
    let big = try Statechart(name: "big") {
      State("a") {
        On("e1 e2 e3 e4 e5 e6 e7 e8", to: "b")
        On("stop", to: "b")
        On("go", to: "b")
      }
      State("b")
    }
    var machine = StatechartMachine(small)
    #expect(machine.send(big.event("e8")) == .ignored)
    #expect(machine.send(big.event("go")) == .handled(microsteps: 1))
    #expect(machine.configuration == ["on"])
    #expect(machine.send(big.event("stop")) == .handled(microsteps: 1))
    #expect(machine.configuration == ["off"])
    #expect(big.event("go") != small.event("go"))
    #expect(small.event("go") == small.event("go"))
  }
}
