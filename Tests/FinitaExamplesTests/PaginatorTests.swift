import Finita
import FinitaExamples
import FinitaTesting
import Testing

@Suite("Paginator (seeds 000 and 001) over the in-memory source", .timeLimit(.minutes(1)))
struct PaginatorTests {
  /// Three pages of two items; each load takes one second of virtual time.
  let catalog = PageCatalog.seeded(itemCount: 6, pageSize: 2)

  private func makeTester() -> (FeatureTester<Paginator>, InMemoryPageSource) {
    var source: InMemoryPageSource?
    let tester = FeatureTester(initialState: PaginationState()) { clock in
      let pages = InMemoryPageSource(catalog: catalog, latency: .seconds(1), clock: clock)
      source = pages
      return Paginator(source: pages)
    }
    guard let source else { preconditionFailure("The tester builds its definition at once") }
    return (tester, source)
  }

  private func loaded(pages: Int) -> PaginationItems {
    PaginationItems(
      items: Array(catalog.items.prefix(pages * 2)),
      nextPageIndex: pages < 3 ? pages : nil
    )
  }

  private func loadFirstPage(
    _ tester: FeatureTester<Paginator>,
    line: UInt = #line
  ) async {
    await tester.send(.load(isNextPage: false), assert: { $0.data = .loading }, line: line)
    await finishLoading(tester, showing: 1, line: line)
  }

  /// Scrolls to the end: the next page starts loading under the `pages` pages on screen.
  private func startNextPage(
    _ tester: FeatureTester<Paginator>,
    after pages: Int,
    line: UInt = #line
  ) async {
    await tester.send(
      .load(isNextPage: true),
      assert: { $0.data = .content(self.loaded(pages: pages), loadingOption: .nextPageLoading) },
      line: line
    )
  }

  /// Lets the load in flight take its second, after which `pages` pages are on screen.
  private func finishLoading(
    _ tester: FeatureTester<Paginator>,
    showing pages: Int,
    line: UInt = #line
  ) async {
    await tester.advance(by: .seconds(1), line: line)
    await tester.receive(
      .itemsDidLoad(loaded(pages: pages)),
      assert: { $0.data = .content(self.loaded(pages: pages), loadingOption: nil) },
      line: line
    )
  }

  @Test("scenario 1: the first page loads, with placeholders meanwhile")
  func firstPage() async {
    let (tester, _) = makeTester()
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .milliseconds(999))
    #expect(tester.state.data == .loading)
    await tester.advance(by: .milliseconds(1))
    await tester.receive(.itemsDidLoad(loaded(pages: 1))) {
      $0.data = .content(self.loaded(pages: 1), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("scenario 2: the next page is appended while the first stays on screen")
  func nextPage() async {
    let (tester, _) = makeTester()
    await loadFirstPage(tester)
    await startNextPage(tester, after: 1)
    await finishLoading(tester, showing: 2)
    await tester.finish()
  }

  @Test("scenario 3: refresh keeps the content on screen while it reloads the first page")
  func refreshKeepsContent() async {
    let (tester, _) = makeTester()
    await loadFirstPage(tester)
    await startNextPage(tester, after: 1)
    await finishLoading(tester, showing: 2)
    await tester.send(.refresh) {
      $0.data = .content(self.loaded(pages: 2), loadingOption: .refreshing)
    }
    await finishLoading(tester, showing: 1)
    await tester.finish()
  }

  @Test("scenario 4: a first-page error shows the error alone; only refresh leaves it")
  func firstPageError() async {
    let (tester, source) = makeTester()
    source.failNextLoad(ofPage: 0)
    let error = PageError(message: "Page 0 is unavailable")
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsLoadingDidFail(error, isPaginationError: false)) {
      $0.data = .error(error)
    }
    await tester.send(.load(isNextPage: true))
    await tester.send(.load(isNextPage: false))
    await tester.send(.refresh) { $0.data = .loading }
    await finishLoading(tester, showing: 1)
    await tester.finish()
  }

  @Test("scenario 5: a next-page error keeps the content; the retry button loads the page")
  func nextPageError() async {
    let (tester, source) = makeTester()
    source.failNextLoad(ofPage: 1)
    let error = PageError(message: "Page 1 is unavailable")
    await loadFirstPage(tester)
    await startNextPage(tester, after: 1)
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsLoadingDidFail(error, isPaginationError: true)) {
      $0.data = .content(self.loaded(pages: 1), loadingOption: .nextPageLoadingError(error))
    }
    await startNextPage(tester, after: 1)
    await finishLoading(tester, showing: 2)
    await tester.finish()
  }

  @Test("a duplicate scroll while a page loads starts no second request")
  func duplicateScroll() async {
    let (tester, _) = makeTester()
    await loadFirstPage(tester)
    await startNextPage(tester, after: 1)
    await tester.send(.load(isNextPage: true))
    await tester.send(.refresh)
    #expect(tester.feature.inFlightEffectCount == 1)
    await finishLoading(tester, showing: 2)
    await tester.finish()
  }

  @Test("the last page stops further loads")
  func lastPage() async {
    let (tester, _) = makeTester()
    await loadFirstPage(tester)
    for pages in 2...3 {
      await startNextPage(tester, after: pages - 1)
      await finishLoading(tester, showing: pages)
    }
    #expect(tester.state.canLoadNextPage == false)
    await tester.send(.load(isNextPage: true))
    await tester.advance(by: .seconds(1))
    await tester.finish()
  }

  @Test("the Actor's guard and the Reducer work as plain functions")
  func partsOnTheirOwn() {
    let paginator = Paginator(source: InMemoryPageSource(catalog: catalog))
    var state = PaginationState(data: .content(loaded(pages: 1), loadingOption: .nextPageLoading))
    #expect(paginator.act(state, .load(isNextPage: true)).synchronousEffects == [])
    #expect(paginator.act(PaginationState(), .load(isNextPage: true)).synchronousEffects == [])
    let error = PageError(message: "offline")
    paginator.reduce(&state, .itemsLoadingDidFail(error, isPaginationError: true))
    #expect(state.data == .content(loaded(pages: 1), loadingOption: .nextPageLoadingError(error)))
  }

  @Test("the seeded catalog is the same every time and cut into pages")
  func catalogIsSeeded() {
    #expect(PageCatalog.seeded(itemCount: 6, pageSize: 2) == catalog)
    #expect(catalog.pageCount == 3)
    #expect(catalog.page(at: 2)?.nextPageIndex == nil)
    #expect(catalog.page(at: 3) == nil)
    #expect(Set(catalog.items.map(\.id)).count == 6)
  }
}
