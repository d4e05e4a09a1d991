/// The paginator's state, exactly as in seed 001: one stored property with the data's stage.
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

  /// Creates the state.
  ///
  /// - Parameter data: The stage of the data; ``DataState/initial`` by default.
  public init(data: DataState = .initial) {
    self.data = data
  }

  /// The items on screen, if any.
  public var paginationItems: PaginationItems? {
    if case .content(let items, _) = data { return items }
    return nil
  }

  /// Whether a request is in flight: the first page, a refresh or the next page.
  public var isProcessing: Bool {
    switch data {
    case .loading, .content(_, .refreshing), .content(_, .nextPageLoading): true
    case .initial, .error, .content(_, nil), .content(_, .nextPageLoadingError): false
    }
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

  /// A one-line summary, such as `content(10 items, next page 2, nextPageLoading)`.
  public var description: String {
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
