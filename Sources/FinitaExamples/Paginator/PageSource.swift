/// Where the ``Paginator`` gets its pages: the data provider its Actor depends on.
///
/// Two implementations come with the examples: ``InMemoryPageSource`` here, and
/// `HTTPPageSource` in `FinitaExamplesHTTP`, which asks a server over HTTP.
///
/// ```swift
/// struct VacancyAPI: PageSource {
///   func page(at index: Int) async throws -> Page {
///     let response = try await client.vacancies(page: index)
///     return Page(items: response.items, nextPageIndex: response.next)
///   }
/// }
/// ```
public protocol PageSource: Sendable {
  /// Loads one page.
  ///
  /// - Parameter index: The page, from `0`.
  /// - Returns: The page's items and the index of the next page.
  /// - Throws: Any error; the paginator shows it as a ``PageError``.
  func page(at index: Int) async throws -> Page
}
