/// What the screen asks the paginator for (seed 001).
public enum PaginationWish: Equatable, Sendable {
  /// Load the first page (on entering the screen) or the next one (on the retry button after a
  /// next-page error, or from code that wants the next page now).
  case load(isNextPage: Bool)
  /// Pull-to-refresh: load the first page again, keeping the content on screen meanwhile.
  case refresh
  /// A row came on screen while the user scrolls: the next page starts loading when the row is
  /// within the paginator's ``Paginator/prefetchDistance`` of the last row. Scrolling never
  /// retries a failed page: after a next-page error only the retry button does.
  case itemDidAppear(at: Int)
  /// The user edited an item: the change shows at once and is then saved by the source; if the
  /// source fails, the item goes back to what it was.
  case edit(ListItem)
  /// The user deleted the item with this identifier: it leaves the list at once and is then
  /// deleted by the source; if the source fails, it comes back where it was.
  case delete(itemID: Int)
}
