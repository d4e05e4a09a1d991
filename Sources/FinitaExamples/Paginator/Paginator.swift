import Finita

/// The paginator of seeds 000 and 001: load the first page, show it, load the next pages, refresh,
/// and show errors without losing what was loaded.
///
/// The Actor's guard is the seed's: a load starts only when nothing is loading, when a next page
/// exists (or the first page is asked for), and when the first page has not failed. So a
/// duplicate scroll while a page loads starts no second request, the last page stops further
/// loads, and after a first-page error only a refresh helps.
///
/// ```swift
/// let paginator = Feature(
///   initialState: PaginationState(),
///   definition: Paginator(source: HTTPPageSource(baseURL: url))
/// )
/// paginator.accept(.load(isNextPage: false))  // state: loading, then content
/// paginator.accept(.load(isNextPage: true))   // on scrolling to the end
/// paginator.accept(.refresh)                  // on pull-to-refresh
/// ```
public struct Paginator: FeatureDefinition {
  /// The screen's requests.
  public typealias Wish = PaginationWish
  /// What the Actor did.
  public typealias Effect = PaginationEffect
  /// The stage of the data.
  public typealias State = PaginationState

  /// Where pages come from.
  public let source: any PageSource

  /// Creates the paginator's definition.
  ///
  /// - Parameter source: Where pages come from.
  public init(source: any PageSource) {
    self.source = source
  }

  /// Checks the guard, then starts loading: a "did start" effect at once, and the page later.
  ///
  /// - Parameters:
  ///   - state: The stage of the data.
  ///   - action: The screen's request.
  /// - Returns: The effects of the request; none when the guard refuses it.
  public func act(_ state: PaginationState, _ action: PaginationWish) -> Effects<PaginationEffect> {
    switch action {
    case .load(let isNextPage):
      guard !state.isProcessing, state.canLoadNextPage || !isNextPage, state.loadingError == nil
      else { return .none }
      let loaded = isNextPage ? state.paginationItems?.items ?? [] : []
      let index = isNextPage ? state.paginationItems?.nextPageIndex ?? 0 : 0
      return .concatenate(
        .just(.itemsLoadingDidStart(isNextPage: isNextPage)),
        fetch(page: index, after: loaded, isNextPage: isNextPage)
      )
    case .refresh:
      guard !state.isProcessing else { return .none }
      let start: PaginationEffect =
        state.paginationItems == nil
        ? .itemsLoadingDidStart(isNextPage: false) : .itemsRefreshingDidStart
      return .concatenate(.just(start), fetch(page: 0, after: [], isNextPage: false))
    }
  }

  private func fetch(page index: Int, after loaded: [ListItem], isNextPage: Bool)
    -> Effects<PaginationEffect>
  {
    let source = self.source
    return .run(name: "loading page \(index)") { send in
      let page = try await source.page(at: index)
      send(
        .itemsDidLoad(
          PaginationItems(items: loaded + page.items, nextPageIndex: page.nextPageIndex)))
    } catch: { error, send in
      let pageError = error as? PageError ?? PageError(message: "\(error)")
      send(.itemsLoadingDidFail(pageError, isPaginationError: isNextPage))
    }
  }

  /// Applies an effect as the seed's Reducer does: a next-page error keeps the content.
  ///
  /// - Parameters:
  ///   - state: The stage of the data.
  ///   - effect: What the Actor did.
  public func reduce(_ state: inout PaginationState, _ effect: PaginationEffect) {
    switch effect {
    case .itemsDidLoad(let items):
      state.data = .content(items, loadingOption: nil)
    case .itemsLoadingDidFail(let error, let isPaginationError):
      if isPaginationError, let items = state.paginationItems {
        state.data = .content(items, loadingOption: .nextPageLoadingError(error))
      } else {
        state.data = .error(error)
      }
    case .itemsLoadingDidStart(let isNextPage):
      if isNextPage, let items = state.paginationItems {
        state.data = .content(items, loadingOption: .nextPageLoading)
      } else {
        state.data = .loading
      }
    case .itemsRefreshingDidStart:
      if let items = state.paginationItems {
        state.data = .content(items, loadingOption: .refreshing)
      }
    }
  }
}
