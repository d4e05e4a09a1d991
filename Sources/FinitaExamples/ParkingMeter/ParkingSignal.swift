/// What the parking meter signals: an outgoing signal, not part of its state.
public enum ParkingSignal: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Show the fee to pay.
  case requestPayment(Int)
  /// Give the change back.
  case giveChange(Int)
  /// The money was not enough: it is returned and the meter asks for the fee again.
  case insufficient(inserted: Int, due: Int)

  /// The signal as the meter's display shows it, such as `give change 200`.
  public var description: String {
    switch self {
    case .requestPayment(let due): "pay \(due)"
    case .giveChange(let change): "give change \(change)"
    case .insufficient(let inserted, let due): "\(inserted) is not enough, pay \(due)"
    }
  }
}
