/// What the paginator's Actor did (seed 001).
public enum PaginationEffect: Equatable, Sendable {
  /// A page arrived; the value holds every item loaded so far.
  case itemsDidLoad(PaginationItems)
  /// A page failed; `isPaginationError` says whether it was a next page, so the content stays.
  case itemsLoadingDidFail(PageError, isPaginationError: Bool)
  /// A page started loading.
  case itemsLoadingDidStart(isNextPage: Bool)
  /// The first page started loading again while the content stays on screen.
  case itemsRefreshingDidStart
}
