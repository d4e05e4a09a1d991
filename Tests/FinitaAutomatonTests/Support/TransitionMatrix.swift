import FinitaAutomaton
import Testing

/// Checks every state crossed with every sample event against the expected table, listing
/// every cell that differs.
func expectMatrix<State, Event, Output>(
  _ automaton: Automaton<State, Event, Output>,
  samples: [Event],
  expected: [State: [Event.Kind: State]],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var mismatches: [String] = []
  var cells = 0
  for state in automaton.states {
    for sample in samples {
      cells += 1
      let actual = automaton.transition(from: state, by: sample)
      let wanted = expected[state]?[sample.kind]
      if actual != wanted {
        mismatches.append(
          "\(state) × \(sample): expected \(wanted.map { "\($0)" } ?? "undefined"), "
            + "got \(actual.map { "\($0)" } ?? "undefined")"
        )
      }
    }
  }
  #expect(cells == automaton.states.count * samples.count, sourceLocation: sourceLocation)
  #expect(mismatches == [], sourceLocation: sourceLocation)
}
