import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Validation reports every problem at once")
struct ValidationTests {
  enum Room: Hashable, CaseIterable, Sendable {
    case hall, kitchen, cellar, attic, garden
  }

  enum Move: AutomatonEvent, CaseIterable {
    case north, south
  }

  @Test("unreachable states, dead ends and ambiguous transitions are all listed, in order")
  func everyProblem() {
    let house = Automaton<Room, Move, Never> {
      Initial(.hall)
      Transition(from: .hall, to: .kitchen, by: .north)
      Transition(from: .hall, to: .garden, by: .north)  // shadowed by the unguarded one above
      Transition(from: .kitchen, to: .hall, by: .south)
      Transition(from: .attic, to: .hall, by: .south)  // attic: nothing leads there
      Final(.garden)
    }
    let error = #expect(throws: ValidationError.self) { try house.validate() }
    #expect(
      error?.issues == [
        .unreachableState, .unreachableState, .deadEnd,
        .ambiguousTransitions,
      ])
    #expect(
      error?.issues.map(\.subjects) == [
        ["cellar"], ["attic"], ["cellar"], ["hall", "north"],
      ])
    let text = error?.description ?? ""
    #expect(text.hasPrefix("The automaton has 4 problems:"))
    #expect(text.contains("State 'cellar' is a dead end"))
    #expect(text.contains("Final(.cellar)"))
    #expect(text.contains(".guarded(\"name\")"))
  }

  @Test("a missing initial state is reported along with the other problems")
  func missingInitialState() {
    let machine = Automaton<Room, Move, Never> {
      Transition(from: .hall, to: .kitchen, by: .north)
      Transition(from: .kitchen, to: .hall, by: .south)
      Transition(from: .cellar, to: .hall, by: .north)
      Transition(from: .attic, to: .hall, by: .north)
      Transition(from: .garden, to: .hall, by: .north)
    }
    #expect(machine.validationIssues() == [.missingInitialState])
    #expect(machine.validationIssues().first?.message.contains("Initial(<state>)") == true)
    #expect(throws: ValidationError(issues: [.missingInitialState])) {
      try AutomatonMachine(machine)
    }
  }

  @Test("an initial state that nothing declares is reported, with what it makes unreachable")
  func undeclaredInitialState() {
    let machine = Automaton<String, String, Never>(
      initialState: "strat",
      transitions: [
        Transition(from: "start", to: "end", by: "go"),
        Transition(from: "end", to: "start", by: "back"),
      ]
    )
    let issues = machine.validationIssues()
    #expect(
      issues == [
        .undeclaredInitialState, .unreachableState, .unreachableState,
        .deadEnd,
      ])
    #expect(issues.first?.subjects == ["strat"])
  }

  @Test("two initial states are reported")
  func conflictingInitialStates() {
    let machine = Automaton<Room, Move, Never> {
      Initial(.hall)
      Initial(.kitchen)
      for room in Room.allCases {
        Transition(from: room, to: .hall, by: .north)
        Transition(from: .hall, to: room, by: .south).guarded { _, _ in true }
      }
    }
    #expect(machine.validationIssues() == [.conflictingInitialStates])
  }

  @Test("guarded transitions for the same state and event are not ambiguous")
  func guardsDistinguish() {
    #expect(ParkingMeter.automaton(fee: 300).validationIssues() == [])
  }

  @Test("an unguarded transition after guarded ones is a fallback, not ambiguous")
  func fallbackAfterGuards() {
    let machine = Automaton<String, String, Never> {
      Initial("a")
      Transition(from: "a", to: "b", by: "x").guarded("first") { _, _ in false }
      Transition(from: "a", to: "a", by: "x")
      Transition(from: "b", to: "a", by: "x")
    }
    #expect(machine.validationIssues() == [])
  }

  @Test("a self-loop is no way out")
  func selfLoopIsDeadEnd() {
    let machine = Automaton<String, String, Never> {
      Initial("a")
      Transition(from: "a", to: "b", by: "x")
      Transition(from: "b", to: "b", by: "x")
    }
    #expect(machine.validationIssues() == [.deadEnd])
  }
}
