/// One row of a paged list: a vacancy, as on hh.ru.
public struct ListItem: Hashable, Codable, Sendable, CustomStringConvertible {
  /// The item's identifier, unique in its catalog.
  public var id: Int
  /// The text shown in the row.
  public var title: String

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - title: The text shown in the row.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  /// The identifier and title, such as `#3 iOS developer, Kazan`.
  public var description: String { "#\(id) \(title)" }
}
