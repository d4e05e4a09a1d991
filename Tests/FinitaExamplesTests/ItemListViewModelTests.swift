import Finita
import FinitaExamples
import Testing

/// A view that writes down the titles it was asked to render.
@MainActor
final class RenderLog {
  var titles: [String] = []
}

@Suite("An MVVM screen owning the paginator, with a UI state mapper", .timeLimit(.minutes(1)))
@MainActor
struct ItemListViewModelTests {
  let catalog = PageCatalog.seeded(itemCount: 4, pageSize: 2)

  private func rows(_ count: Int) -> [ItemListViewState.Row] {
    catalog.items.prefix(count).map { item in
      let parts = item.title.components(separatedBy: ", ")
      return ItemListViewState.Row(id: item.id, title: parts[0], subtitle: parts[1])
    }
  }

  @Test("the view sees placeholders, rows, a footer spinner, a retry, and a refresh")
  func screenSession() async {
    let source = InMemoryPageSource(catalog: catalog)
    let viewModel = ItemListViewModel(source: source)
    var rendered: [ItemListViewState] = []
    var viewStates = viewModel.viewStates.makeAsyncIterator()
    func next() async -> ItemListViewState? {
      let viewState = await viewStates.next(isolation: #isolation)
      if let viewState { rendered.append(viewState) }
      return viewState
    }

    #expect(await next() == ItemListViewState(title: "Vacancies", body: .blank))
    viewModel.viewDidAppear()
    #expect(await next() == ItemListViewState(title: "Vacancies", body: .placeholders))
    #expect(await next() == ItemListViewState(title: "Vacancies (2)", body: .rows(rows(2))))

    source.failNextLoad(ofPage: 1)
    viewModel.didScrollToEnd()
    #expect(
      await next()
        == ItemListViewState(title: "Vacancies (2)", body: .rows(rows(2)), footer: .spinner))
    #expect(
      await next()
        == ItemListViewState(
          title: "Vacancies (2)", body: .rows(rows(2)),
          footer: .retry(message: "Page 1 is unavailable")))

    // Seed 001: after a next-page error "you need to press the button, not just scroll".
    viewModel.didScrollToEnd()
    viewModel.willDisplayRow(at: 1)
    #expect(!viewModel.paginator.state.isProcessing)
    viewModel.didTapRetry()
    #expect(
      await next()
        == ItemListViewState(title: "Vacancies (2)", body: .rows(rows(2)), footer: .spinner))
    #expect(await next() == ItemListViewState(title: "Vacancies (4)", body: .rows(rows(4))))

    viewModel.didScrollToEnd()  // the last page: nothing to load, nothing to render
    viewModel.didPullToRefresh()
    #expect(
      await next()
        == ItemListViewState(title: "Vacancies (4)", body: .rows(rows(4)), isRefreshing: true))
    #expect(await next() == ItemListViewState(title: "Vacancies (2)", body: .rows(rows(2))))
    #expect(rendered.count == 9)
  }

  @Test("a first-page error fills the screen, and retry starts over")
  func firstPageError() async {
    let source = InMemoryPageSource(catalog: catalog)
    source.failNextLoad(ofPage: 0)
    let viewModel = ItemListViewModel(source: source)
    var viewStates = viewModel.viewStates.makeAsyncIterator()
    _ = await viewStates.next(isolation: #isolation)
    viewModel.viewDidAppear()
    _ = await viewStates.next(isolation: #isolation)
    #expect(
      await viewStates.next(isolation: #isolation)
        == ItemListViewState(
          title: "Vacancies", body: .failure(message: "Could not load: Page 0 is unavailable")))
    viewModel.didTapRetry()
    #expect(await viewStates.next(isolation: #isolation)?.body == .placeholders)
    #expect(await viewStates.next(isolation: #isolation)?.body == .rows(rows(2)))
  }

  @Test("observe renders on the main actor: at once, then on every change")
  func observeRenders() async {
    let viewModel = ItemListViewModel(source: InMemoryPageSource(catalog: catalog))
    let view = RenderLog()
    let subscription = viewModel.observe { viewState in view.titles.append(viewState.title) }
    #expect(view.titles == ["Vacancies"])
    var viewStates = viewModel.viewStates.makeAsyncIterator()
    _ = await viewStates.next(isolation: #isolation)
    viewModel.viewDidAppear()
    while await viewStates.next(isolation: #isolation)?.body != .rows(rows(2)) {}
    #expect(view.titles == ["Vacancies", "Vacancies", "Vacancies (2)"])
    subscription.cancel()
  }

  @Test("the mapper's function turns business state into text and flags")
  func mapping() {
    let items = PaginationItems(items: Array(catalog.items.prefix(2)), nextPageIndex: 1)
    let state = PaginationState(data: .content(items, loadingOption: .nextPageLoading))
    #expect(ItemListViewState(state).footer == .spinner)
    #expect(ItemListViewState(state).body == .rows(rows(2)))
    #expect(ItemListViewState(PaginationState(data: .loading)).body == .placeholders)
  }
}
