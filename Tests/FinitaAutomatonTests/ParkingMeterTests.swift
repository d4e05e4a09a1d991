import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Parking meter (Mealy machine with guards)")
struct ParkingMeterTests {
  let meter = ParkingMeter.automaton(fee: 300)

  @Test("paying 500 for a 300 parking: the state is paid and 200 of change is signalled")
  func overpay() throws {
    var machine = try AutomatonMachine(meter)
    #expect(try machine.step(.enterPlate("A 123 BC")).output == .requestPayment(300))
    #expect(
      try machine.step(.insert(amount: 500))
        == .transitioned(
          from: .awaitingPayment, to: .paid, output: .giveChange(200)))
    #expect(machine.state == .paid)
    #expect(ParkingSignal.giveChange(200).description == "give change 200")
  }

  @Test("paying exactly: paid, with no change signal")
  func exact() throws {
    var machine = AutomatonMachine(meter, state: .awaitingPayment)
    #expect(
      try machine.step(.insert(amount: 300))
        == .transitioned(
          from: .awaitingPayment, to: .paid, output: nil))
  }

  @Test("insufficient money keeps the meter asking")
  func insufficient() throws {
    var machine = AutomatonMachine(meter, state: .awaitingPayment)
    #expect(
      try machine.step(.insert(amount: 100))
        == .stayed(
          in: .awaitingPayment, output: .insufficient(inserted: 100, due: 300)))
    #expect(try machine.step(.insert(amount: 200)).state == .awaitingPayment)
    #expect(try machine.step(.insert(amount: 1000)).output == .giveChange(700))
  }

  @Test("every state × every sample event (both sides of the guard) goes where expected")
  func matrix() {
    var mismatches: [String] = []
    let expected: [ParkingState: [ParkingEvent: ParkingState]] = [
      .idle: [.enterPlate("A 123 BC"): .awaitingPayment],
      .awaitingPayment: [.insert(amount: 500): .paid, .insert(amount: 100): .awaitingPayment],
      .paid: [.leave: .idle],
    ]
    for state in ParkingState.allCases {
      for event in ParkingMeter.samples {
        let actual = meter.transition(from: state, by: event)
        if actual != expected[state]?[event] {
          mismatches.append("\(state) × \(event): \(String(describing: actual))")
        }
      }
    }
    #expect(mismatches == [])
  }

  @Test("the meter is valid: its two insert transitions have distinguishing guards")
  func valid() throws {
    try meter.validate()
  }
}
