import FinitaExamples

// The parking meter's table is the one of the FinitaExamples module (seed 002: pay 500 for a 300
// parking, and the meter is paid and signals 200 of change).

extension ParkingMeter {
  /// Events of every kind, with payloads that take each transition.
  static let samples: [ParkingEvent] = [
    .enterPlate("A 123 BC"), .insert(amount: 500), .insert(amount: 100), .leave,
  ]
}
