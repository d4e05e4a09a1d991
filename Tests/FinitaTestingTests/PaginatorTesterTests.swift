import Finita
import FinitaExamples
import FinitaTesting
import Testing

/// The examples' paginator (FinitaExamples), as the Testing article walks through it.
@Suite("The paginator of seed 001, tested step by step", .timeLimit(.minutes(1)))
struct PaginatorTesterTests {
  /// Three pages of two items; each answers after one second of virtual time.
  private static let catalog = PageCatalog.seeded(itemCount: 6, pageSize: 2)

  private func makeTester(failing: Set<Int> = []) -> FeatureTester<Paginator> {
    FeatureTester(initialState: PaginationState()) { clock in
      let source = InMemoryPageSource(catalog: Self.catalog, latency: .seconds(1), clock: clock)
      for page in failing { source.failNextLoad(ofPage: page) }
      return Paginator(source: source)
    }
  }

  private func items(_ range: Range<Int>, next: Int?) -> PaginationItems {
    PaginationItems(items: Array(Self.catalog.items[range]), nextPageIndex: next)
  }

  private var firstPage: PaginationItems { items(0..<2, next: 1) }
  private var twoPages: PaginationItems { items(0..<4, next: 2) }

  @Test("first page, next page, a duplicate scroll, and the last page stops further loads")
  func pagingThroughEverything() async {
    let tester = makeTester()
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(firstPage)) {
      $0.data = .content(self.firstPage, loadingOption: nil)
    }

    await tester.send(.load(isNextPage: true)) {
      $0.data = .content(self.firstPage, loadingOption: .nextPageLoading)
    }
    // Scrolling again while the page loads starts no second request.
    await tester.send(.load(isNextPage: true))
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(twoPages)) {
      $0.data = .content(self.twoPages, loadingOption: nil)
    }

    await tester.send(.load(isNextPage: true)) {
      $0.data = .content(self.twoPages, loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    let all = items(0..<6, next: nil)
    await tester.receive(.itemsDidLoad(all)) { $0.data = .content(all, loadingOption: nil) }
    // The last page was loaded: nothing more to load.
    await tester.send(.load(isNextPage: true))
    await tester.finish()
  }

  @Test("refresh keeps the content on screen while it reloads")
  func refreshKeepsContent() async {
    let tester = makeTester()
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(firstPage)) {
      $0.data = .content(self.firstPage, loadingOption: nil)
    }
    await tester.send(.refresh) {
      $0.data = .content(self.firstPage, loadingOption: .refreshing)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(firstPage)) {
      $0.data = .content(self.firstPage, loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("a first-page error shows the error without content")
  func firstPageError() async {
    let tester = makeTester(failing: [0])
    let error = PageError(message: "Page 0 is unavailable")
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsLoadingDidFail(error, isPaginationError: false)) {
      $0.data = .error(error)
    }
    // Scrolling does nothing on an error; refreshing recovers.
    await tester.send(.load(isNextPage: true))
    await tester.send(.refresh) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(firstPage)) {
      $0.data = .content(self.firstPage, loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("a next-page error keeps the content and shows the error with it")
  func nextPageError() async {
    let tester = makeTester(failing: [1])
    let error = PageError(message: "Page 1 is unavailable")
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(firstPage)) {
      $0.data = .content(self.firstPage, loadingOption: nil)
    }
    await tester.send(.load(isNextPage: true)) {
      $0.data = .content(self.firstPage, loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsLoadingDidFail(error, isPaginationError: true)) {
      $0.data = .content(self.firstPage, loadingOption: .nextPageLoadingError(error))
    }
    // The retry button loads the page again.
    await tester.send(.load(isNextPage: true)) {
      $0.data = .content(self.firstPage, loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(twoPages)) {
      $0.data = .content(self.twoPages, loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("the Actor, the Reducer and their guard tested on their own, as plain functions")
  func partsOnTheirOwn() {
    let paginator = Paginator(source: InMemoryPageSource(catalog: Self.catalog))
    var state = PaginationState(data: .content(firstPage, loadingOption: .nextPageLoading))
    // The Actor's guard: a page is loading, so scrolling returns no effect.
    #expect(paginator.act(state, .load(isNextPage: true)).synchronousEffects == [])
    // The Reducer: a pagination error keeps the items.
    let error = PageError(message: "offline")
    paginator.reduce(&state, .itemsLoadingDidFail(error, isPaginationError: true))
    #expect(state.data == .content(firstPage, loadingOption: .nextPageLoadingError(error)))
  }
}
