import FinitaExamples
import Foundation
import Testing

@Suite("Parking meter as JSON")
struct ParkingCodableTests {
  @Test("states are their case's name, events are written as Swift's synthesized Codable writes")
  func roundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(ParkingState.awaitingPayment), as: UTF8.self)
        == #""awaitingPayment""#)
    #expect(
      String(decoding: try encoder.encode(ParkingEvent.insert(amount: 3)), as: UTF8.self)
        == #"{"insert":{"amount":3}}"#)
    let decoder = JSONDecoder()
    for state in ParkingState.allCases {
      #expect(try decoder.decode(ParkingState.self, from: encoder.encode(state)) == state)
    }
    for event in [ParkingEvent.enterPlate("B-42"), .insert(amount: 3), .leave] {
      #expect(try decoder.decode(ParkingEvent.self, from: encoder.encode(event)) == event)
    }
    #expect(
      try decoder.decode(ParkingEvent.self, from: Data(#"{"enterPlate":{"_0":"B-42"}}"#.utf8))
        == .enterPlate("B-42"))
  }

  @Test("a step of the meter, its effect and news, round-trips: recordings of it can be saved")
  func stepRoundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let step = ParkingMeter.Effect.transitioned(
      from: .idle, to: .awaitingPayment, output: .requestPayment(300))
    #expect(
      String(decoding: try encoder.encode(step), as: UTF8.self)
        == #"{"transitioned":{"from":"idle","output":{"requestPayment":{"_0":300}},"#
        + #""to":"awaitingPayment"}}"#)
    let steps: [ParkingMeter.Effect] = [
      step, .stayed(in: .awaitingPayment, output: .insufficient(inserted: 1, due: 3)),
      .ignored(in: .paid, kind: .insert), .undefined(in: .idle, kind: .leave),
    ]
    for step in steps {
      #expect(
        try JSONDecoder().decode(ParkingMeter.Effect.self, from: encoder.encode(step)) == step)
    }
  }

  @Test("a name that is not a state is refused with the names to use")
  func unknownState() {
    #expect {
      try JSONDecoder().decode(ParkingState.self, from: Data(#""parked""#.utf8))
    } throws: { error in
      "\(error)".contains("\"parked\" is not a parking state; use idle, awaitingPayment or paid")
    }
  }
}
