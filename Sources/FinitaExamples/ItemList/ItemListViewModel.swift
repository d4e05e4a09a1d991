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
  /// - Parameter source: Where the paginator gets its pages.
  public init(source: any PageSource) {
    paginator = Feature(
      initialState: PaginationState(),
      definition: Paginator(source: source),
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

  /// The user scrolled to the last row: load the next page.
  public func didScrollToEnd() {
    paginator.accept(.load(isNextPage: true))
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
