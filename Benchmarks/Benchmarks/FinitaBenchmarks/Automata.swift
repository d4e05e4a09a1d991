import Benchmark
import BenchmarkMachines
import Finita
import FinitaAutomaton
import FinitaExamples

// A running machine against its two parts, measured side by side in one run (issue 18): a plain
// feature's synchronous wish (a hand-written `switch` reducer over the same states) and one
// `AutomatonMachine.step`. The automaton as a feature should cost at most their sum, twice over.

/// The turnstile: 2 states, 2 events, 4 transitions.
enum GateState: Hashable, CaseIterable, Sendable {
  case locked, unlocked
}

enum GateEvent: AutomatonEvent, CaseIterable {
  case coin, push
}

let gate = Automaton<GateState, GateEvent, Never> {
  Initial(.locked)
  Transition(from: .locked, to: .unlocked, by: .coin)
  Transition(from: .unlocked, to: .locked, by: .push)
  Transition(within: .locked, by: .push)
  Transition(within: .unlocked, by: .coin)
}

let gateScript: [GateEvent] = [.coin, .coin, .push, .push]

/// The turnstile written by hand as a reducer-only feature.
struct GateReducer: FeatureDefinition {
  typealias Wish = GateEvent
  typealias Action = GateEvent
  typealias Effect = GateEvent
  typealias State = GateState

  func reduce(_ state: inout GateState, _ effect: GateEvent) {
    switch (state, effect) {
    case (.locked, .coin): state = .unlocked
    case (.unlocked, .push): state = .locked
    case (.locked, .push), (.unlocked, .coin): break
    }
  }
}

/// The three ways to run `automaton` on `script`, side by side.
func runningMachineBenchmarks<State, Event: CaseIterable, Definition: FeatureDefinition>(
  _ name: String,
  _ automaton: Automaton<State, Event, Never>,
  script: [Event],
  handWritten: Definition
) where Definition.Wish == Event, Definition.State == State {
  Benchmark("automata: \(name), sync wish to a hand-written feature") { benchmark in
    let feature = Feature(initialState: automaton.initialState!, definition: handWritten)
    var position = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      feature.accept(script[position])
      position = position == script.count - 1 ? 0 : position + 1
    }
    benchmark.stopMeasurement()
    blackHole(feature.state)
  }

  Benchmark("automata: \(name), AutomatonMachine.step") { benchmark in
    var machine = try AutomatonMachine(automaton, undefinedEvents: .ignore)
    var position = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      _ = try? machine.step(script[position])
      position = position == script.count - 1 ? 0 : position + 1
    }
    benchmark.stopMeasurement()
    blackHole(machine.state)
  }

  Benchmark("automata: \(name), running machine accept") { benchmark in
    let feature = try Feature(automaton: automaton, undefinedEvents: .ignore)
    var position = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      feature.accept(script[position])
      position = position == script.count - 1 ? 0 : position + 1
    }
    benchmark.stopMeasurement()
    blackHole(feature.state)
  }
}

/// Registers the automaton benchmarks.
func automataBenchmarks() {
  runningMachineBenchmarks("turnstile", gate, script: gateScript, handWritten: GateReducer())
  runningMachineBenchmarks("CD player", cdPlayer, script: cdScript, handWritten: CDReducer())
  lexerBenchmarks()
}

// MARK: The lexer: an automaton against a hand-written scanner, on the same 64 KB source.

/// About 64 KB of the lexers' language: names, numbers, operators and comments.
let lexerSource: [UInt8] = {
  let line = "let total_1 = 42 + price * (3.14 - discount) # a comment\nx <= 2 != y == 4;\n"
  return Array(String(repeating: line, count: 64 * 1_024 / line.utf8.count).utf8)
}()

func lexerBenchmarks() {
  let configuration = tuned(.init(scalingFactor: .one, maxDuration: .seconds(3)))
  Benchmark("automata: lexer, automaton, 64 KB", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try AutomatonLexer.tokens(in: lexerSource).count)
    }
  }
  Benchmark("automata: lexer, hand-written scanner, 64 KB", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try HandWrittenScanner.tokens(in: lexerSource).count)
    }
  }
}
