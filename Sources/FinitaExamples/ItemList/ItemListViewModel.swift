import Finita

/// The ViewModel of a vacancy list screen in an MVVM app that owns an MVI feature (seed 001).
///
/// The ViewModel turns the view's events into the paginator's wishes; the paginator's state
/// goes through a `UIStateMapper` that builds the ``ItemListViewState`` the view draws. The
/// feature runs on the main actor, so the view is rendered on the main actor, once per change
/// it can see.
///
/// ```swift
/// final class VacancyListController: UIViewController {
///   let viewModel = ItemListViewModel(source: HTTPPageSource(baseURL: apiURL))
///   var subscription: Subscription?
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     subscription = viewModel.observe { [weak self] viewState in self?.render(viewState) }
///     viewModel.viewDidAppear()
///   }
/// }
/// ```
@MainActor
public final class ItemListViewModel {
  /// The MVI feature the ViewModel owns.
  public let paginator: Feature<Paginator>
  private let mapper: UIStateMapper<ItemListViewState>

  /// Creates the ViewModel and its paginator.
  ///
  /// - Parameters:
  ///   - source: Where the paginator gets its pages.
  ///   - prefetchDistance: How many rows before the last one the next page starts loading; `0`
  ///     by default.
  public init(source: any PageSource, prefetchDistance: Int = 0) {
    paginator = Feature(
      initialState: PaginationState(),
      definition: Paginator(source: source, prefetchDistance: prefetchDistance),
      configuration: .init(name: "ItemList", isolation: .mainActor)
    )
    mapper = UIStateMapper(paginator) { state in ItemListViewState(state) }
  }

  deinit {
    mapper.cancel()
    paginator.dispose()
  }

  /// What the view draws now.
  public var viewState: ItemListViewState {
    mapper.viewState
  }

  /// The current view state, then each different one.
  public var viewStates: AsyncStream<ItemListViewState> {
    mapper.viewStates
  }

  /// Calls `render` with the current view state, then with each different one.
  ///
  /// - Parameter render: Draws a view state, on the main actor.
  /// - Returns: A subscription; keep it for as long as the view is shown.
  public func observe(_ render: @escaping @MainActor (ItemListViewState) -> Void) -> Subscription {
    mapper.observe { viewState in
      // The paginator processes on the main actor, and the mapper maps on its thread.
      MainActor.assumeIsolated { render(viewState) }
    }
  }

  /// The screen appeared: load the first page.
  public func viewDidAppear() {
    paginator.accept(.load(isNextPage: false))
  }

  /// A row is about to come on screen: near the end, the next page starts loading. After a
  /// next-page error scrolling loads nothing: the retry button does (seed 001).
  ///
  /// - Parameter index: The row's position, from `0`.
  public func willDisplayRow(at index: Int) {
    paginator.accept(.itemDidAppear(at: index))
  }

  /// The user scrolled to the last row: the next page loads, unless the last one failed, which
  /// only the retry button loads again (seed 001: "not by just scrolling").
  public func didScrollToEnd() {
    let count = paginator.state.paginationItems?.items.count ?? 0
    paginator.accept(.itemDidAppear(at: count - 1))
  }

  /// The user edited a row: it shows the new title at once, and the old one again if the
  /// server refuses.
  ///
  /// - Parameter item: The item with its new values.
  public func didEdit(_ item: ListItem) {
    paginator.accept(.edit(item))
  }

  /// The user deleted a row: it leaves at once, and comes back if the server refuses.
  ///
  /// - Parameter itemID: The identifier of the row's item.
  public func didDelete(itemID: Int) {
    paginator.accept(.delete(itemID: itemID))
  }

  /// The user pulled to refresh.
  public func didPullToRefresh() {
    paginator.accept(.refresh)
  }

  /// The user tapped a retry button: below the rows it loads the failed page again; on a
  /// full-screen error it starts over.
  public func didTapRetry() {
    switch paginator.state.data {
    case .content(_, .nextPageLoadingError):
      paginator.accept(.load(isNextPage: true))
    case .error:
      paginator.accept(.refresh)
    case .initial, .loading, .content:
      break
    }
  }
}
