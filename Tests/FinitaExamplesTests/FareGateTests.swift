import Finita
import FinitaAutomaton
import FinitaExamples
import Testing

/// The scenarios of Tinder StateMachine's turnstile tests, on ``FareGate``.
@Suite("The fare gate: computed transitions over a credit")
struct FareGateTests {
  typealias State = FareGate.State
  let gate = FareGate.automaton(fare: 50)

  func machine(in state: State) -> AutomatonMachine<State, FareGate.Event, FareGate.SideEffect> {
    AutomatonMachine(gate, state: state)
  }

  @Test("the gate starts locked with no credit")
  func initialState() throws {
    #expect(try AutomatonMachine(gate).state == .locked(credit: 0))
  }

  @Test("a coin below the fare adds to the credit and stays locked, without output")
  func coinBelowFare() throws {
    var machine = machine(in: .locked(credit: 0))
    #expect(
      try machine.step(.insertCoin(10))
        == .transitioned(from: .locked(credit: 0), to: .locked(credit: 10), output: nil))
    #expect(
      try machine.step(.insertCoin(15))
        == .transitioned(from: .locked(credit: 10), to: .locked(credit: 25), output: nil))
  }

  @Test("a coin that reaches the fare unlocks and opens the doors")
  func coinReachingFare() throws {
    var machine = machine(in: .locked(credit: 35))
    #expect(
      try machine.step(.insertCoin(15))
        == .transitioned(from: .locked(credit: 35), to: .unlocked, output: .openDoors))
  }

  @Test("somebody pushing a locked gate sounds the alarm and keeps the credit")
  func admitWhileLocked() throws {
    var machine = machine(in: .locked(credit: 20))
    #expect(
      try machine.step(.admitPerson)
        == .transitioned(from: .locked(credit: 20), to: .locked(credit: 20), output: .soundAlarm))
  }

  @Test("somebody walking through an unlocked gate closes the doors and clears the credit")
  func admitWhileUnlocked() throws {
    var machine = machine(in: .unlocked)
    #expect(
      try machine.step(.admitPerson)
        == .transitioned(from: .unlocked, to: .locked(credit: 0), output: .closeDoors))
  }

  @Test("a failure breaks the gate, which remembers its state and goes back to it when repaired")
  func breakAndRepair() throws {
    var machine = machine(in: .locked(credit: 15))
    #expect(
      try machine.step(.machineDidFail)
        == .transitioned(
          from: .locked(credit: 15), to: .broken(oldState: .locked(credit: 15)),
          output: .orderRepair))
    #expect(
      try machine.step(.machineRepairDidComplete)
        == .transitioned(
          from: .broken(oldState: .locked(credit: 15)), to: .locked(credit: 15), output: nil))
  }

  @Test("an event no row takes is undefined, and the queries tell it from a refusal")
  func undefinedEvents() throws {
    var machine = machine(in: .unlocked)
    #expect(try machine.step(.insertCoin(5)) == .undefined(in: .unlocked, kind: .insertCoin))
    #expect(gate.resolveTransition(from: .unlocked, by: .insertCoin(5)) == .undefined)
    #expect(
      gate.resolveTransition(from: .locked(credit: 40), by: .insertCoin(10))
        == .transition(to: .unlocked))
    #expect(gate.transition(from: .broken(oldState: .unlocked), by: .admitPerson) == nil)
  }

  @Test("validation works by kind: every kind is reachable and none is a dead end")
  func validation() {
    #expect(gate.validationIssues().isEmpty)
    #expect(gate.hasComputedTransitions)
  }

  @Test("diagrams draw one node per kind, with an edge per declared target kind")
  func diagram() {
    let mermaid = gate.mermaid()
    #expect(mermaid.contains("locked"))
    #expect(mermaid.contains("insertCoin / openDoors"))
    #expect(mermaid.contains("machineRepairDidComplete"))
    #expect(!mermaid.contains("credit"))
  }

  @Test("exploration fires computed transitions with sample payloads")
  func exploration() {
    let explorer = AutomatonExplorer(gate) { kind in
      switch kind {
      case .insertCoin: [.insertCoin(30)]
      case .admitPerson: [.admitPerson]
      case .machineDidFail: [.machineDidFail]
      case .machineRepairDidComplete: [.machineRepairDidComplete]
      }
    }
    let route = explorer.shortestPath(to: .unlocked)
    #expect(route?.events == [.insertCoin(30), .insertCoin(30)])
  }

  @Test("a computed state of an undeclared kind is an error, and the machine stays")
  func undeclaredTarget() {
    let wrong = Automaton<State, FareGate.Event, Never> {
      Initial(.unlocked)
      ComputedTransition<State, FareGate.Event, Never>(
        from: .unlocked, to: [.locked], by: .machineDidFail
      ) { state, _ in .broken(oldState: state) }
    }
    var machine = AutomatonMachine(wrong, state: .unlocked)
    #expect(throws: AutomatonError.undeclaredTarget) { try machine.step(.machineDidFail) }
    #expect(machine.state == .unlocked)
  }

  @Test("as a running feature, the gate publishes each step with its side effect")
  func runningFeature() throws {
    let feature = try Feature(automaton: gate)
    feature.accept(.insertCoin(20))
    feature.accept(.insertCoin(40))
    #expect(feature.state == .unlocked)
    feature.accept(.admitPerson)
    #expect(feature.state == .locked(credit: 0))
  }
}
