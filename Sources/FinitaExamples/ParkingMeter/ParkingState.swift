/// The stage of one parking payment at the meter of seed 002.
public enum ParkingState: Hashable, CaseIterable, Sendable {
  /// Waiting for a car's plate number.
  case idle
  /// The fee is shown; waiting for money.
  case awaitingPayment
  /// The parking is paid: the car may leave.
  case paid
}
