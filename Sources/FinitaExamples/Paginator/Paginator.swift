import Finita

/// The paginator of seeds 000 and 001: load the first page, show it, load the next pages, refresh,
/// and show errors without losing what was loaded.
///
/// The Actor's guard is the seed's: a load starts only when nothing is loading, when a next page
/// exists (or the first page is asked for), and when the first page has not failed. So a
/// duplicate scroll while a page loads starts no second request, the last page stops further
/// loads, and after a first-page error only a refresh helps.
///
/// Two of the seed's "next steps" are here too. Rows coming on screen
/// (``PaginationWish/itemDidAppear(at:)``) load the next page ahead, ``prefetchDistance`` rows
/// before the end, but never retry a failed page: "to load the next page you need to press the
/// button, not just scroll". And edits and deletions show at once and are undone when the source
/// refuses them (``PaginationWish/edit(_:)``, ``PaginationWish/delete(itemID:)``); one request
/// is in flight at a time, so a page never undoes an edit nor an undo a page.
///
/// ```swift
/// let paginator = Feature(
///   initialState: PaginationState(),
///   definition: Paginator(source: HTTPPageSource(baseURL: url))
/// )
/// paginator.accept(.load(isNextPage: false))  // state: loading, then content
/// paginator.accept(.itemDidAppear(at: 17))    // on scrolling: loads ahead near the end
/// paginator.accept(.load(isNextPage: true))   // the retry button below the rows
/// paginator.accept(.refresh)                  // on pull-to-refresh
/// paginator.accept(.delete(itemID: 3))        // gone at once; back if the server refuses
/// ```
public struct Paginator: FeatureDefinition {
  /// The screen's requests.
  public typealias Wish = PaginationWish
  /// What the Actor did.
  public typealias Effect = PaginationEffect
  /// The stage of the data.
  public typealias State = PaginationState
  /// A change the source refused.
  public typealias News = PaginationNews

  /// Where pages come from.
  public let source: any PageSource
  /// How many rows before the last one a row coming on screen starts loading the next page:
  /// `0` waits for the last row.
  public let prefetchDistance: Int

  /// Creates the paginator's definition.
  ///
  /// - Parameters:
  ///   - source: Where pages come from.
  ///   - prefetchDistance: How many rows before the last one scrolling loads the next page;
  ///     `0`, the last row itself, by default.
  public init(source: any PageSource, prefetchDistance: Int = 0) {
    self.source = source
    self.prefetchDistance = max(0, prefetchDistance)
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
    case .itemDidAppear(let index):
      // Scrolling loads ahead, but only from plain content: after a next-page error it is the
      // retry button's turn.
      guard case .content(let items, nil) = state.data, state.pendingChange == nil,
        index >= items.items.count - 1 - prefetchDistance
      else { return .none }
      return act(state, .load(isNextPage: true))
    case .edit(let item):
      guard !state.isProcessing, let items = state.paginationItems?.items,
        let previous = items.first(where: { $0.id == item.id }), previous != item
      else { return .none }
      return change(.edited(item, previous: previous)) { source in try await source.save(item) }
    case .delete(let itemID):
      guard !state.isProcessing, let items = state.paginationItems?.items,
        let index = items.firstIndex(where: { $0.id == itemID })
      else { return .none }
      return change(.deleted(items[index], at: index)) { source in
        try await source.delete(itemID: itemID)
      }
    }
  }

  private func change(
    _ change: ItemChange,
    _ request: @escaping @Sendable (any PageSource) async throws -> Void
  ) -> Effects<PaginationEffect> {
    let source = self.source
    return .concatenate(
      .just(.itemChangeDidStart(change)),
      .run(name: "saving \(change)") { send in
        try await request(source)
        send(.itemChangeDidSucceed)
      } catch: { error, send in
        send(.itemChangeDidFail(change, error as? PageError ?? PageError(message: "\(error)")))
      }
    )
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
    case .itemChangeDidStart(let change):
      state.pendingChange = change
      state.apply(change)
    case .itemChangeDidSucceed:
      state.pendingChange = nil
    case .itemChangeDidFail(let change, _):
      state.undo(change)
      state.pendingChange = nil
    }
  }

  /// Tells the screen when the source refused a change, so it can say why.
  ///
  /// - Parameters:
  ///   - action: The wish, or the effect's origin.
  ///   - effect: What the Actor did.
  ///   - state: The state after the effect.
  /// - Returns: ``PaginationNews/itemChangeDidFail(_:_:)`` for a refused change.
  public func publishNews(
    _ action: PaginationWish, _ effect: PaginationEffect, _ state: PaginationState
  ) -> PaginationNews? {
    guard case .itemChangeDidFail(let change, let error) = effect else { return nil }
    return .itemChangeDidFail(change, error)
  }
}
