import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Mealy machines in reducer form")
struct MealyReducerTests {
  /// The parking meter written as a plain function `(S, A) -> (S, B)?`.
  static let meter = MealyReducer<ParkingState, ParkingEvent, String> { state, event in
    switch (state, event) {
    case (.idle, .enterPlate): (.awaitingPayment, "pay 300")
    case (.awaitingPayment, .insert(let amount)) where amount >= 300:
      (.paid, "give change \(amount - 300)")
    case (.awaitingPayment, .insert(let amount)): (.awaitingPayment, "\(amount) is not enough")
    case (.paid, .leave): (.idle, "goodbye")
    default: nil
    }
  }

  @Test("the reducer gives the next state and the output")
  func reducer() {
    let result = Self.meter.transition(from: .awaitingPayment, by: .insert(amount: 500))
    #expect(result?.state == .paid)
    #expect(result?.output == "give change 200")
    #expect(Self.meter.transition(from: .idle, by: .leave) == nil)
  }

  @Test("run folds a sequence of events and stops at an undefined one")
  func run() {
    let result = Self.meter.run(
      from: .idle,
      events: [
        .enterPlate("X"), .insert(amount: 100),
        .insert(amount: 500),
      ])
    #expect(result?.state == .paid)
    #expect(result?.outputs == ["pay 300", "100 is not enough", "give change 200"])
    #expect(Self.meter.run(from: .idle, events: [.leave]) == nil)
  }

  @Test("the tabulated automaton behaves as the reducer, even for payloads not sampled")
  func tabulated() throws {
    let automaton = Self.meter.tabulated(initialState: .idle, samples: ParkingMeter.samples)
    #expect(automaton.states == [.idle, .awaitingPayment, .paid])
    #expect(automaton.transitions.count == 4)
    try automaton.validate()
    for state in ParkingState.allCases {
      for amount in [0, 299, 300, 301, 10_000] {
        let event = ParkingEvent.insert(amount: amount)
        let expected = Self.meter.transition(from: state, by: event)
        let match = automaton.match(from: state, by: event)
        #expect(match?.to == expected?.state)
        #expect(match?.output == expected?.output)
      }
    }
    #expect(automaton.mermaid().contains("s1 --> s2 : insert / reduce"))
  }
}
