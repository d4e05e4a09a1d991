/// The paginator's state: the data's stage of seed 001, and the one change to the items that
/// waits for the source's answer (the seed's "edit or delete an object right in the state, then
/// update the data on the server").
public struct PaginationState: Equatable, Sendable, CustomStringConvertible {
  /// What is happening to content already on screen.
  public enum LoadingOption: Equatable, Sendable {
    /// Pull-to-refresh: the content stays while it reloads.
    case refreshing
    /// The next page is loading below the content.
    case nextPageLoading
    /// The next page failed; the content stays, with a retry button below it.
    case nextPageLoadingError(PageError)
  }

  /// The stage of the data.
  public enum DataState: Equatable, Sendable {
    /// Nothing was asked for yet.
    case initial
    /// The first page is loading: the screen shows placeholders.
    case loading
    /// Items are on screen, perhaps with something happening to them.
    case content(PaginationItems, loadingOption: LoadingOption?)
    /// The first page failed: there is no content, only the error.
    case error(PageError)
  }

  /// The stage of the data.
  public var data: DataState
  /// The edit or deletion already shown that the source has not confirmed yet, if any.
  public var pendingChange: ItemChange?

  /// Creates the state.
  ///
  /// - Parameters:
  ///   - data: The stage of the data; ``DataState/initial`` by default.
  ///   - pendingChange: A change waiting for the source; none by default.
  public init(data: DataState = .initial, pendingChange: ItemChange? = nil) {
    self.data = data
    self.pendingChange = pendingChange
  }

  /// The items on screen, if any.
  public var paginationItems: PaginationItems? {
    if case .content(let items, _) = data { return items }
    return nil
  }

  /// Whether a request is in flight: the first page, a refresh, the next page or a change.
  ///
  /// One request at a time keeps a page that arrives from undoing an edit, and an undo from
  /// removing a page.
  public var isProcessing: Bool {
    if pendingChange != nil { return true }
    return switch data {
    case .loading, .content(_, .refreshing), .content(_, .nextPageLoading): true
    case .initial, .error, .content(_, nil), .content(_, .nextPageLoadingError): false
    }
  }

  /// Applies a change to the items on screen; nothing happens without items.
  ///
  /// - Parameter change: The edit or deletion.
  public mutating func apply(_ change: ItemChange) {
    guard case .content(var items, let option) = data else { return }
    switch change {
    case .edited(let item, _):
      guard let index = items.items.firstIndex(where: { $0.id == item.id }) else { return }
      items.items[index] = item
    case .deleted(let item, _):
      items.items.removeAll { $0.id == item.id }
    }
    data = .content(items, loadingOption: option)
  }

  /// Undoes a change applied by ``apply(_:)``: the previous value comes back, or the deleted item
  /// goes back to its position (or the end, when fewer items are left).
  ///
  /// - Parameter change: The edit or deletion to undo.
  public mutating func undo(_ change: ItemChange) {
    guard case .content(var items, let option) = data else { return }
    switch change {
    case .edited(let item, let previous):
      guard let index = items.items.firstIndex(where: { $0.id == item.id }) else { return }
      items.items[index] = previous
    case .deleted(let item, let index):
      guard !items.items.contains(where: { $0.id == item.id }) else { return }
      items.items.insert(item, at: min(index, items.items.count))
    }
    data = .content(items, loadingOption: option)
  }

  /// Whether there is a next page to load.
  public var canLoadNextPage: Bool {
    paginationItems?.nextPageIndex != nil
  }

  /// The error of the first page, when it failed.
  public var loadingError: PageError? {
    if case .error(let error) = data { return error }
    return nil
  }

  /// A one-line summary, such as `content(10 items, next page 2, nextPageLoading)`, followed by
  /// the change waiting for the source, such as `, pending edit #3`.
  public var description: String {
    let pending = pendingChange.map { ", pending \($0)" } ?? ""
    return dataDescription + pending
  }

  private var dataDescription: String {
    switch data {
    case .initial: "initial"
    case .loading: "loading"
    case .error(let error): "error(\(error))"
    case .content(let items, nil): "content(\(items))"
    case .content(let items, .refreshing): "content(\(items), refreshing)"
    case .content(let items, .nextPageLoading): "content(\(items), nextPageLoading)"
    case .content(let items, .nextPageLoadingError(let error)):
      "content(\(items), nextPageLoadingError(\(error)))"
    }
  }
}
