import FinitaAutomaton
import FinitaFixtures
import Testing

@Suite("DOT round trip")
struct DOTRoundTripTests {
  @Test("the CD player exported to DOT and imported behaves the same on random event sequences")
  func mealyRoundTrip() throws {
    let original = CDPlayer.automaton
    let imported = try DOTImporter.mealyMachine(from: original.dot())
    #expect(imported.states == original.states.map { "\($0)" })
    #expect(imported.transitions.count == original.transitions.count)

    var generator = SeededGenerator(seed: 2024)
    for _ in 0..<200 {
      var state = try #require(original.initialState)
      var importedState = try #require(imported.initialState)
      for _ in 0..<30 {
        let event = CDEvent.allCases.randomElement(using: &generator)!
        let expected = original.match(from: state, by: event)
        let actual = imported.match(from: importedState, by: "\(event)")
        #expect(actual?.to == expected.map { "\($0.to)" })
        #expect(actual?.output == expected?.output.map { "\($0)" })
        if let expected, let actual {
          state = expected.to
          importedState = actual.to
        }
      }
    }
  }

  @Test("the turnstile exported to DOT and imported as a Moore machine keeps its outputs")
  func mooreRoundTrip() throws {
    let original = Turnstile.automaton
    let imported = try DOTImporter.mooreMachine(from: original.dot(highlighting: .unlocked))
    var machine = try AutomatonMachine(original)
    var importedMachine = try AutomatonMachine(imported)
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let event = TurnstileEvent.allCases.randomElement(using: &generator)!
      let expected = try machine.step(event)
      let actual = try importedMachine.step("\(event)")
      #expect(actual.state == "\(expected.state)")
      #expect(actual.output == expected.output)
    }
  }

  @Test("names with quotes, backslashes and record characters survive the round trip")
  func awkwardNames() throws {
    let imported = try DOTImporter.mealyMachine(from: Stringly.automaton.dot())
    #expect(imported.states == Stringly.automaton.states)
    for state in Stringly.automaton.states {
      for event in ["a \"b\"", "c\\"] {
        #expect(
          imported.match(from: state, by: event)?.to
            == Stringly.automaton.match(from: state, by: event)?.to)
        #expect(
          imported.match(from: state, by: event)?.output
            == Stringly.automaton.match(from: state, by: event)?.output)
      }
    }
  }

  enum Stringly {
    static let automaton = Automaton<String, String, String> {
      Initial("x \"1\"")
      Transition(from: "x \"1\"", to: "y\\", by: "a \"b\"").output("o&p")
      Transition(from: "y\\", to: "x \"1\"", by: "c\\").output("{q|r}")
    }
  }
}
