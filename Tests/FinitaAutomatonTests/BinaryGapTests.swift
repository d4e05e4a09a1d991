import FinitaAutomaton
import FinitaExamples
import Testing

// The examples' BinaryGap; its results are tested with the examples (FinitaExamplesTests),
// its table here with the automaton's own checks.

@Suite("Binary gap automaton")
struct BinaryGapTests {
  @Test("every state × every bit goes where the automaton says")
  func matrix() {
    expectMatrix(
      BinaryGap.automaton,
      samples: BinaryGap.Bit.allCases,
      expected: [
        .started: [.zero: .started, .one: .one],
        .one: [.zero: .zero, .one: .one],
        .zero: [.zero: .zero, .one: .one],
      ]
    )
  }

  @Test("the automaton is valid")
  func valid() throws {
    try BinaryGap.automaton.validate()
  }
}
