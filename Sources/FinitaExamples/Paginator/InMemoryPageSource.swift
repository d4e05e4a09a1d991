import Finita
import Foundation

/// Pages served from a ``PageCatalog`` in memory, after an optional delay on an injected clock,
/// with failures that can be injected page by page; edits and deletions change the data served
/// (after the same delay), and can be made to fail too.
///
/// A deletion leaves the pages cut where they were, one item shorter, as an API with cursors
/// does: the pages after it do not move up, so a list that already shows the page before does
/// not skip an item.
///
/// Use it in previews, tests and demos, where the paginator must behave as it would against a
/// server without one.
///
/// ```swift
/// let source = InMemoryPageSource(catalog: .seeded(itemCount: 12, pageSize: 5))
/// source.failNextLoad(ofPage: 1)  // the next request for page 1 fails, once
/// source.failNextChange()         // the next edit or deletion fails, once
/// let paginator = Feature(initialState: PaginationState(), definition: Paginator(source: source))
/// ```
public final class InMemoryPageSource: PageSource {
  /// The catalog given at creation with the edits since; deleted items are still in it.
  public var catalog: PageCatalog { current.withLock { $0.catalog } }
  /// The identifiers of the items deleted since creation, which no page serves any more.
  public var deletedItemIDs: Set<Int> { current.withLock { $0.deleted } }
  private let current: LockedValue<(catalog: PageCatalog, deleted: Set<Int>)>
  private let latency: Duration
  private let clock: any Clock<Duration>
  private let failures = LockedValue<[Int: Int]>([:])
  private let changeFailures = LockedValue(0)

  /// Creates the source.
  ///
  /// - Parameters:
  ///   - catalog: The data to serve.
  ///   - latency: How long each load takes; none by default.
  ///   - clock: The clock the latency is measured on; a test clock in tests.
  public init(
    catalog: PageCatalog,
    latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.current = LockedValue((catalog, []))
    self.latency = latency
    self.clock = clock
  }

  /// Makes the next load of `index` fail with a ``PageError``; later loads succeed again.
  ///
  /// - Parameter index: The page to fail.
  public func failNextLoad(ofPage index: Int) {
    failures.withLock { $0[index, default: 0] += 1 }
  }

  /// Loads one page from the catalog.
  ///
  /// - Parameter index: The page, from `0`.
  /// - Returns: The page.
  /// - Throws: ``PageError`` when the page does not exist or a failure was injected.
  public func page(at index: Int) async throws -> Page {
    if latency > .zero {
      try await clock.sleep(for: latency)
    }
    let fails = failures.withLock { failures -> Bool in
      guard let count = failures[index] else { return false }
      failures[index] = count > 1 ? count - 1 : nil
      return true
    }
    if fails { throw PageError(message: "Page \(index) is unavailable") }
    let (catalog, deleted) = current.withLock { $0 }
    guard var page = catalog.page(at: index) else {
      throw PageError(message: "There is no page \(index)")
    }
    page.items.removeAll { deleted.contains($0.id) }
    return page
  }

  /// Makes the next edit or deletion fail with a ``PageError``; later ones succeed again.
  public func failNextChange() {
    changeFailures.withLock { $0 += 1 }
  }

  /// Replaces the item with the same identifier in the catalog.
  ///
  /// - Parameter item: The item with its new values.
  /// - Throws: ``PageError`` when no item has that identifier or a failure was injected.
  public func save(_ item: ListItem) async throws {
    try await change(item.id) { current, index in
      var items = current.catalog.items
      items[index] = item
      current.catalog = PageCatalog(items: items, pageSize: current.catalog.pageSize)
    }
  }

  /// Removes the item from the pages served; the page that held it gets one item fewer.
  ///
  /// - Parameter itemID: The identifier of the item.
  /// - Throws: ``PageError`` when no item has that identifier or a failure was injected.
  public func delete(itemID: Int) async throws {
    try await change(itemID) { current, _ in current.deleted.insert(itemID) }
  }

  private func change(
    _ itemID: Int,
    _ apply: (inout (catalog: PageCatalog, deleted: Set<Int>), Int) -> Void
  ) async throws {
    if latency > .zero {
      try await clock.sleep(for: latency)
    }
    let fails = changeFailures.withLock { count -> Bool in
      guard count > 0 else { return false }
      count -= 1
      return true
    }
    if fails { throw PageError(message: "Item \(itemID) could not be changed") }
    try current.withLock { current in
      guard !current.deleted.contains(itemID),
        let index = current.catalog.items.firstIndex(where: { $0.id == itemID })
      else { throw PageError(message: "There is no item \(itemID)") }
      apply(&current, index)
    }
  }
}
