import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("The binary-gap machine of the examples")
struct BinaryGapExampleTests {
  @Test(
    "the longest gap is found by folding the machine's signals",
    arguments: [
      (9, 2), (529, 4), (20, 1), (15, 0), (32, 0), (1041, 5), (1, 0), (0, 0), (-9, 2),
      (1_610_612_737, 28),
    ])
  func longestGap(number: Int, gap: Int) {
    #expect(BinaryGap.longestGap(in: number) == gap)
  }

  @Test("the gap agrees with counting the zeros between ones for the first thousand numbers")
  func agreesWithCounting() {
    for number in 1...1000 {
      let binary = String(number, radix: 2)
      let closed = binary.prefix(through: binary.lastIndex(of: "1") ?? binary.startIndex)
      let counted = closed.split(separator: "1").map(\.count).max() ?? 0
      #expect(BinaryGap.longestGap(in: number) == counted, "number \(number)")
    }
  }

  @Test("the table is valid and defines both digits in every state")
  func complete() throws {
    try BinaryGap.automaton.validate()
    for state in BinaryGap.State.allCases {
      for bit in BinaryGap.Bit.allCases {
        var machine = AutomatonMachine(BinaryGap.automaton, state: state, undefinedEvents: .throw)
        #expect(throws: Never.self) { _ = try machine.step(bit) }
      }
    }
  }
}
