import Finita
import FinitaExamples
import FinitaTesting
import Testing

/// The seed's "next steps" for the paginator (seed 001): loading ahead while scrolling, retrying
/// only from the button, and edits and deletions shown before the server confirms them.
@Suite("Paginator: loading ahead, retry from the button, optimistic edits", .timeLimit(.minutes(1)))
struct PaginatorNextStepsTests {
  /// Three pages of four items; each load and each change takes one second of virtual time.
  let catalog = PageCatalog.seeded(itemCount: 12, pageSize: 4)

  private func makeTester(prefetchDistance: Int = 0) -> (
    FeatureTester<Paginator>, InMemoryPageSource
  ) {
    var source: InMemoryPageSource?
    let tester = FeatureTester(initialState: PaginationState()) { clock in
      let pages = InMemoryPageSource(catalog: catalog, latency: .seconds(1), clock: clock)
      source = pages
      return Paginator(source: pages, prefetchDistance: prefetchDistance)
    }
    guard let source else { preconditionFailure("The tester builds its definition at once") }
    return (tester, source)
  }

  private func items(_ ids: [Int], next: Int?) -> PaginationItems {
    PaginationItems(items: ids.map { catalog.items[$0 - 1] }, nextPageIndex: next)
  }

  /// Loads the first page: items 1 to 4 on screen, next page 1.
  private func loadFirstPage(_ tester: FeatureTester<Paginator>) async {
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items([1, 2, 3, 4], next: 1))) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: nil)
    }
  }

  @Test("rows far from the end load nothing; the row at the prefetch distance loads ahead")
  func loadsAhead() async {
    let (tester, _) = makeTester(prefetchDistance: 2)
    await loadFirstPage(tester)
    await tester.send(.itemDidAppear(at: 0))
    await tester.send(.itemDidAppear(at: 1)) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: .nextPageLoading)
    }
    await tester.send(.itemDidAppear(at: 2))  // already loading: no second request
    await tester.send(.itemDidAppear(at: 3))
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items(Array(1...8), next: 2))) {
      $0.data = .content(self.items(Array(1...8), next: 2), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("without a prefetch distance only the last row loads the next page")
  func lastRowLoads() async {
    let (tester, _) = makeTester()
    await loadFirstPage(tester)
    await tester.send(.itemDidAppear(at: 2))
    await tester.send(.itemDidAppear(at: 3)) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items(Array(1...8), next: 2))) {
      $0.data = .content(self.items(Array(1...8), next: 2), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("after a next-page error scrolling does not retry; the retry button does")
  func retryOnlyFromTheButton() async {
    let (tester, source) = makeTester()
    await loadFirstPage(tester)
    source.failNextLoad(ofPage: 1)
    await tester.send(.itemDidAppear(at: 3)) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    let error = PageError(message: "Page 1 is unavailable")
    await tester.receive(.itemsLoadingDidFail(error, isPaginationError: true)) {
      $0.data = .content(
        self.items([1, 2, 3, 4], next: 1), loadingOption: .nextPageLoadingError(error))
    }
    await tester.send(.itemDidAppear(at: 3))  // the user scrolls on: nothing happens
    await tester.send(.itemDidAppear(at: 2))
    await tester.send(.load(isNextPage: true)) {  // the retry button
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items(Array(1...8), next: 2))) {
      $0.data = .content(self.items(Array(1...8), next: 2), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("an edit shows at once and stays when the source saves it")
  func editConfirmed() async {
    let (tester, source) = makeTester()
    await loadFirstPage(tester)
    let edited = ListItem(id: 2, title: "Swift developer, Remote")
    let change = ItemChange.edited(edited, previous: catalog.items[1])
    await tester.send(.edit(edited)) {
      $0.data = .content(
        PaginationItems(
          items: [self.catalog.items[0], edited, self.catalog.items[2], self.catalog.items[3]],
          nextPageIndex: 1),
        loadingOption: nil)
      $0.pendingChange = change
    }
    await tester.send(.itemDidAppear(at: 3))  // one request at a time: no page meanwhile
    await tester.send(.edit(ListItem(id: 3, title: "Another")))  // nor a second change
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemChangeDidSucceed) { $0.pendingChange = nil }
    #expect(source.catalog.items[1] == edited)
    await tester.finish()
  }

  @Test("a refused edit goes back to the old value and tells the screen")
  func editRefused() async {
    let (tester, source) = makeTester()
    await loadFirstPage(tester)
    source.failNextChange()
    let edited = ListItem(id: 2, title: "Swift developer, Remote")
    let change = ItemChange.edited(edited, previous: catalog.items[1])
    await tester.send(.edit(edited)) {
      $0.data = .content(
        PaginationItems(
          items: [self.catalog.items[0], edited, self.catalog.items[2], self.catalog.items[3]],
          nextPageIndex: 1),
        loadingOption: nil)
      $0.pendingChange = change
    }
    await tester.advance(by: .seconds(1))
    let error = PageError(message: "Item 2 could not be changed")
    await tester.receive(.itemChangeDidFail(change, error)) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: nil)
      $0.pendingChange = nil
    }
    tester.expectNews(.itemChangeDidFail(change, error))
    #expect(source.catalog.items[1] == catalog.items[1])
    await tester.finish()
  }

  @Test("a refused deletion puts the item back where it was")
  func deletionRefused() async {
    let (tester, source) = makeTester()
    await loadFirstPage(tester)
    source.failNextChange()
    let change = ItemChange.deleted(catalog.items[2], at: 2)
    await tester.send(.delete(itemID: 3)) {
      $0.data = .content(self.items([1, 2, 4], next: 1), loadingOption: nil)
      $0.pendingChange = change
    }
    await tester.advance(by: .seconds(1))
    let error = PageError(message: "Item 3 could not be changed")
    await tester.receive(.itemChangeDidFail(change, error)) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: nil)
      $0.pendingChange = nil
    }
    tester.expectNews(.itemChangeDidFail(change, error))
    await tester.finish()
  }

  @Test("a confirmed deletion does not make the next page skip an item")
  func deletionConfirmed() async {
    let (tester, source) = makeTester()
    await loadFirstPage(tester)
    await tester.send(.delete(itemID: 3)) {
      $0.data = .content(self.items([1, 2, 4], next: 1), loadingOption: nil)
      $0.pendingChange = .deleted(self.catalog.items[2], at: 2)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemChangeDidSucceed) { $0.pendingChange = nil }
    #expect(source.deletedItemIDs == [3])
    await tester.send(.itemDidAppear(at: 2)) {
      $0.data = .content(self.items([1, 2, 4], next: 1), loadingOption: .nextPageLoading)
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items([1, 2, 4, 5, 6, 7, 8], next: 2))) {
      $0.data = .content(self.items([1, 2, 4, 5, 6, 7, 8], next: 2), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("no change while a page loads, of an unknown item, or that changes nothing")
  func refusedChanges() async {
    let (tester, _) = makeTester()
    await tester.send(.edit(catalog.items[0]))  // nothing on screen yet
    await tester.send(.delete(itemID: 1))
    await loadFirstPage(tester)
    await tester.send(.edit(catalog.items[0]))  // the same value
    await tester.send(.edit(ListItem(id: 99, title: "Nobody")))
    await tester.send(.delete(itemID: 99))
    await tester.send(.refresh) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: .refreshing)
    }
    await tester.send(.delete(itemID: 1))
    await tester.advance(by: .seconds(1))
    await tester.receive(.itemsDidLoad(items([1, 2, 3, 4], next: 1))) {
      $0.data = .content(self.items([1, 2, 3, 4], next: 1), loadingOption: nil)
    }
    await tester.finish()
  }

  @Test("a source that cannot change items refuses, and the change is undone")
  func readOnlySource() async {
    struct ReadOnly: PageSource {
      func page(at index: Int) async throws -> Page {
        Page(items: [ListItem(id: 1, title: "Only")], nextPageIndex: nil)
      }
    }
    let tester = FeatureTester(initialState: PaginationState()) { _ in
      Paginator(source: ReadOnly())
    }
    let only = PaginationItems(items: [ListItem(id: 1, title: "Only")], nextPageIndex: nil)
    await tester.send(.load(isNextPage: false)) { $0.data = .loading }
    await tester.receive(.itemsDidLoad(only)) { $0.data = .content(only, loadingOption: nil) }
    let change = ItemChange.deleted(ListItem(id: 1, title: "Only"), at: 0)
    await tester.send(.delete(itemID: 1)) {
      $0.data = .content(PaginationItems(items: [], nextPageIndex: nil), loadingOption: nil)
      $0.pendingChange = change
    }
    let error = PageError(message: "This source cannot delete items")
    await tester.receive(.itemChangeDidFail(change, error)) {
      $0.data = .content(only, loadingOption: nil)
      $0.pendingChange = nil
    }
    tester.expectNews(.itemChangeDidFail(change, error))
    await tester.finish()
  }
}
