// The meter's state is written as its case's name, so a saved state or the inspector's page
// reads "awaitingPayment"; a name that is not a case is refused with the cases to choose from.
extension ParkingState: Codable {
  /// Reads `"idle"`, `"awaitingPayment"` or `"paid"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a name that is not a case.
  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let state = Self.allCases.first(where: { "\($0)" == name }) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "\"\(name)\" is not a parking state; use idle, awaitingPayment or paid"
        ))
    }
    self = state
  }

  /// Writes the case's name.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("\(self)")
  }
}
