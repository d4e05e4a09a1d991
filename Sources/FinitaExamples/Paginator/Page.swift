/// One page of a paged list.
public struct Page: Equatable, Sendable {
  /// The page's items.
  public var items: [ListItem]
  /// The index of the next page, or `nil` when this is the last one.
  public var nextPageIndex: Int?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The page's items.
  ///   - nextPageIndex: The index of the next page, or `nil` for the last one.
  public init(items: [ListItem], nextPageIndex: Int?) {
    self.items = items
    self.nextPageIndex = nextPageIndex
  }
}
