import Finita
import FinitaExamples
import FinitaTesting
import Testing

@Suite("Parking meter (seed 002)", .timeLimit(.minutes(1)))
struct ParkingMeterTests {
  @Test("paying 500 for a 300 parking: the state is paid and the news is give change 200")
  func overpay() async {
    let tester = FeatureTester(initialState: ParkingState.idle, definition: ParkingMeter(fee: 300))
    await tester.send(.enterPlate("A 123 BC")) { $0 = .awaitingPayment }
    tester.expectNews(.requestPayment(300))
    await tester.send(.insert(amount: 500)) { $0 = .paid }
    tester.expectNews(.giveChange(200))
    #expect(ParkingSignal.giveChange(200).description == "give change 200")
    await tester.finish()
  }

  @Test("insufficient money keeps the meter asking for the fee")
  func insufficient() async {
    let tester = FeatureTester(initialState: ParkingState.idle, definition: ParkingMeter(fee: 300))
    await tester.send(.enterPlate("A 123 BC")) { $0 = .awaitingPayment }
    tester.expectNews(.requestPayment(300))
    await tester.send(.insert(amount: 100))
    tester.expectNews(.insufficient(inserted: 100, due: 300))
    await tester.send(.insert(amount: 299))
    tester.expectNews(.insufficient(inserted: 299, due: 300))
    await tester.send(.insert(amount: 300)) { $0 = .paid }
    await tester.send(.leave) { $0 = .idle }
    await tester.finish()
  }

  @Test("events the meter does not expect change nothing and say nothing")
  func unexpected() async {
    let tester = FeatureTester(initialState: ParkingState.idle, definition: ParkingMeter(fee: 300))
    await tester.send(.insert(amount: 500))
    await tester.send(.leave)
    await tester.finish()
  }

  @Test("the meter's table is valid: its two insert transitions have distinguishing guards")
  func valid() throws {
    try ParkingMeter.automaton(fee: 300).validate()
  }
}
