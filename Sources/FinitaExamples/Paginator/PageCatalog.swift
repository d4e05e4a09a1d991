/// A fixed list of items cut into pages: the data set behind ``InMemoryPageSource`` and the
/// example HTTP server.
///
/// ```swift
/// let catalog = PageCatalog.seeded(itemCount: 12, pageSize: 5)
/// catalog.page(at: 2)  // 2 items, no next page
/// ```
public struct PageCatalog: Equatable, Sendable {
  /// Every item, in order.
  public let items: [ListItem]
  /// How many items a page holds.
  public let pageSize: Int

  /// Creates a catalog.
  ///
  /// - Parameters:
  ///   - items: Every item, in order.
  ///   - pageSize: How many items a page holds; at least 1.
  public init(items: [ListItem], pageSize: Int) {
    self.items = items
    self.pageSize = max(1, pageSize)
  }

  /// How many pages the catalog has; an empty catalog still has one, empty, page.
  public var pageCount: Int {
    max(1, (items.count + pageSize - 1) / pageSize)
  }

  /// The page at `index`, or `nil` when there is no such page.
  ///
  /// - Parameter index: The page, from `0`.
  /// - Returns: The page's items and the index of the next page.
  public func page(at index: Int) -> Page? {
    guard index >= 0, index < pageCount else { return nil }
    let start = index * pageSize
    let end = min(start + pageSize, items.count)
    return Page(
      items: Array(items[start..<end]),
      nextPageIndex: index + 1 < pageCount ? index + 1 : nil
    )
  }

  /// A catalog of vacancies made up from a seed: the same seed always gives the same items.
  ///
  /// - Parameters:
  ///   - itemCount: How many items.
  ///   - pageSize: How many items a page holds.
  ///   - seed: Chooses the titles.
  /// - Returns: The catalog.
  public static func seeded(itemCount: Int, pageSize: Int, seed: UInt64 = 2022) -> PageCatalog {
    let roles = [
      "iOS developer", "Android developer", "QA engineer", "Product designer",
      "Backend developer", "Data analyst", "Engineering manager", "Technical writer",
    ]
    let cities = ["Moscow", "Kazan", "Novosibirsk", "Yerevan", "Almaty", "Remote"]
    // A linear congruential generator (Knuth's MMIX constants): small, and stable across
    // platforms and releases, unlike the standard library's random number generators.
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    let items = (0..<max(0, itemCount)).map { index in
      ListItem(
        id: index + 1,
        title: "\(roles[next() % roles.count]), \(cities[next() % cities.count])"
      )
    }
    return PageCatalog(items: items, pageSize: pageSize)
  }
}
