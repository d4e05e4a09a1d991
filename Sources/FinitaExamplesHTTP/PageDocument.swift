#if HTTPExamples
  import FinitaExamples

  /// The JSON of one page, as the example server sends it and ``HTTPPageSource`` reads it.
  ///
  /// ```json
  /// {"items": [{"id": 1, "title": "iOS developer, Kazan"}], "nextPage": 1}
  /// ```
  public struct PageDocument: Codable, Equatable, Sendable {
    /// The page's items.
    public var items: [ListItem]
    /// The index of the next page; absent after the last page.
    public var nextPage: Int?

    /// Creates a document.
    ///
    /// - Parameters:
    ///   - items: The page's items.
    ///   - nextPage: The index of the next page, or `nil` for the last one.
    public init(items: [ListItem], nextPage: Int?) {
      self.items = items
      self.nextPage = nextPage
    }

    /// The document of `page`.
    ///
    /// - Parameter page: A page.
    public init(_ page: Page) {
      self.init(items: page.items, nextPage: page.nextPageIndex)
    }

    /// The page this document describes.
    public var page: Page {
      Page(items: items, nextPageIndex: nextPage)
    }
  }
#endif  // HTTPExamples
