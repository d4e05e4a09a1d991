import FinitaAutomaton
import Testing

@Suite("Binary gap automaton")
struct BinaryGapTests {
  @Test(
    "the longest gap is computed by folding the machine's outputs",
    arguments: [
      (9, 2), (529, 4), (20, 1), (15, 0), (32, 0), (1041, 5), (1, 0), (1_610_612_737, 28),
    ])
  func longestGap(n: Int, gap: Int) throws {
    #expect(try BinaryGap.longestGap(n) == gap)
  }

  @Test("the gap agrees with a direct computation for the first thousand numbers")
  func agreesWithDirectComputation() throws {
    for n in 1...1000 {
      let binary = String(n, radix: 2)
      let trimmed = binary.prefix(through: binary.lastIndex(of: "1")!)
      let direct = trimmed.split(separator: "1").map(\.count).max() ?? 0
      #expect(try BinaryGap.longestGap(n) == direct, "n = \(n)")
    }
  }

  @Test("every state × every bit goes where the automaton says")
  func matrix() {
    expectMatrix(
      BinaryGap.automaton,
      samples: Bit.allCases,
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
