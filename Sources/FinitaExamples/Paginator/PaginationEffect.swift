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
  /// An edit or a deletion is applied to the items on screen before the source confirms it.
  case itemChangeDidStart(ItemChange)
  /// The source confirmed the change in flight.
  case itemChangeDidSucceed
  /// The source refused the change in flight: the items go back to what they were.
  case itemChangeDidFail(ItemChange, PageError)
}

/// A change made to the items on screen before the source confirms it, with what it takes to
/// undo it.
public enum ItemChange: Equatable, Sendable, CustomStringConvertible {
  /// `item` replaced `previous`, which has the same identifier.
  case edited(ListItem, previous: ListItem)
  /// `item` was removed from position `index`.
  case deleted(ListItem, at: Int)

  /// The change, such as `edit #3` or `delete #3 at 2`.
  public var description: String {
    switch self {
    case .edited(let item, _): "edit #\(item.id)"
    case .deleted(let item, let index): "delete #\(item.id) at \(index)"
    }
  }
}

/// What the paginator tells the screen once, beside its state.
public enum PaginationNews: Equatable, Sendable {
  /// The source refused a change; it was undone on screen, and the screen may say why.
  case itemChangeDidFail(ItemChange, PageError)
}
