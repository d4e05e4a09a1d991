/// A Mercari account resource handed to the next screen.
public struct MercariResource: Hashable, Sendable {
  /// The resource's identifier.
  public var id: String

  /// Creates a resource.
  ///
  /// - Parameter id: The identifier.
  public init(id: String) {
    self.id = id
  }
}
