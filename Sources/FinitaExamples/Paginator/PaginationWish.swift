/// What the screen asks the paginator for (seed 001).
public enum PaginationWish: Equatable, Sendable {
  /// Load the first page (on entering the screen) or the next one (on scrolling to the end, or
  /// on the retry button after a next-page error).
  case load(isNextPage: Bool)
  /// Pull-to-refresh: load the first page again, keeping the content on screen meanwhile.
  case refresh
}
