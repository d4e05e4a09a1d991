/// The items loaded so far, and where the next page starts.
public struct PaginationItems: Equatable, Sendable, CustomStringConvertible {
  /// Every item loaded, first page first.
  public var items: [ListItem]
  /// The index of the next page, or `nil` after the last page.
  public var nextPageIndex: Int?

  /// Creates the loaded items.
  ///
  /// - Parameters:
  ///   - items: Every item loaded.
  ///   - nextPageIndex: The index of the next page, or `nil` after the last one.
  public init(items: [ListItem], nextPageIndex: Int?) {
    self.items = items
    self.nextPageIndex = nextPageIndex
  }

  /// A short summary, such as `10 items, next page 2`.
  public var description: String {
    let next = nextPageIndex.map { "next page \($0)" } ?? "last page"
    return "\(items.count) items, \(next)"
  }
}
