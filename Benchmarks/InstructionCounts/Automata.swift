// Issue 18: an automaton running as a feature, against its parts (a hand-written reducer-only
// feature over the same states, and one `AutomatonMachine.step`), on the CD player of the
// benchmarks. Scenarios: automaton-accept, automaton-step, automaton-handwritten.
import BenchmarkMachines
import Finita
import FinitaAutomaton

/// Sends `count` events of the script to the CD player running as a feature.
func automatonAccepts(count: Int) {
  let feature = try! Feature(automaton: cdPlayer, undefinedEvents: .ignore)
  var position = 0
  for _ in 0..<count {
    feature.accept(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(feature.state)
}

/// Steps an `AutomatonMachine` of the CD player through `count` events of the script.
func automatonSteps(count: Int) {
  var machine = try! AutomatonMachine(cdPlayer, undefinedEvents: .ignore)
  var position = 0
  for _ in 0..<count {
    _ = try? machine.step(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(machine.state)
}

/// Sends `count` events of the script to the hand-written CD player feature.
func handWrittenAccepts(count: Int) {
  let feature = Feature(initialState: CDState.empty, definition: CDReducer())
  var position = 0
  for _ in 0..<count {
    feature.accept(cdScript[position])
    position = position == cdScript.count - 1 ? 0 : position + 1
  }
  consume(feature.state)
}
