import FinitaAutomaton

/// What the driver does at the parking meter.
public enum ParkingEvent: AutomatonEvent, Hashable, Codable {
  /// The driver types the car's plate number.
  case enterPlate(String)
  /// The driver inserts money.
  case insert(amount: Int)
  /// The car leaves.
  case leave

  /// The case of an event without its payload: the key of the transition table.
  public enum Kind: Hashable, CaseIterable, Sendable, Codable {
    /// ``ParkingEvent/enterPlate(_:)``
    case enterPlate
    /// ``ParkingEvent/insert(amount:)``
    case insert
    /// ``ParkingEvent/leave``
    case leave
  }

  /// The case of this event without its payload.
  public var kind: Kind {
    switch self {
    case .enterPlate: .enterPlate
    case .insert: .insert
    case .leave: .leave
    }
  }

  /// The money inserted, or `0` for other events.
  public var amount: Int {
    if case .insert(let amount) = self { amount } else { 0 }
  }
}
