import Finita
import Foundation

/// Pages served from a ``PageCatalog`` in memory, after an optional delay on an injected clock,
/// with failures that can be injected page by page.
///
/// Use it in previews, tests and demos, where the paginator must behave as it would against a
/// server without one.
///
/// ```swift
/// let source = InMemoryPageSource(catalog: .seeded(itemCount: 12, pageSize: 5))
/// source.failNextLoad(ofPage: 1)  // the next request for page 1 fails, once
/// let paginator = Feature(initialState: PaginationState(), definition: Paginator(source: source))
/// ```
public final class InMemoryPageSource: PageSource {
  /// The data served.
  public let catalog: PageCatalog
  private let latency: Duration
  private let clock: any Clock<Duration>
  private let failures = LockedValue<[Int: Int]>([:])

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
    self.catalog = catalog
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
    guard let page = catalog.page(at: index) else {
      throw PageError(message: "There is no page \(index)")
    }
    return page
  }
}
