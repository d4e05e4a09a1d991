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

  /// Saves an edited item.
  ///
  /// The default implementation refuses every edit: a source that cannot change its items
  /// needs nothing more than ``page(at:)``.
  ///
  /// - Parameter item: The item with its new values; its identifier says which one.
  /// - Throws: Any error; the paginator undoes the edit on screen.
  func save(_ item: ListItem) async throws

  /// Deletes an item.
  ///
  /// The default implementation refuses every deletion.
  ///
  /// - Parameter itemID: The identifier of the item.
  /// - Throws: Any error; the paginator puts the item back on screen.
  func delete(itemID: Int) async throws
}

extension PageSource {
  /// Refuses the edit: this source cannot change its items.
  ///
  /// - Parameter item: The edited item.
  /// - Throws: A ``PageError`` that says so.
  public func save(_ item: ListItem) async throws {
    throw PageError(message: "This source cannot edit items")
  }

  /// Refuses the deletion: this source cannot change its items.
  ///
  /// - Parameter itemID: The identifier of the item.
  /// - Throws: A ``PageError`` that says so.
  public func delete(itemID: Int) async throws {
    throw PageError(message: "This source cannot delete items")
  }
}
