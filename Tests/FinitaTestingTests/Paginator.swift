import Finita
import FinitaFixtures
import FinitaTesting

/// The paginator of seed 001, as the Testing article walks through it.
struct PaginationItems: Equatable, Sendable {
  var items: [String]
  /// The index of the next page, or `nil` after the last page.
  var nextPageIndex: Int?
}

struct PageError: Error, Equatable, Sendable {
  let message: String
}

struct PaginationState: Equatable, Sendable {
  enum LoadingOption: Equatable, Sendable {
    case refreshing
    case nextPageLoading
    case nextPageLoadingError(PageError)
  }

  enum DataState: Equatable, Sendable {
    case initial
    case loading
    case content(PaginationItems, loadingOption: LoadingOption?)
    case error(PageError)
  }

  var data = DataState.initial

  var paginationItems: PaginationItems? {
    if case .content(let items, _) = data { return items }
    return nil
  }

  var isProcessing: Bool {
    switch data {
    case .loading, .content(_, .refreshing), .content(_, .nextPageLoading): true
    default: false
    }
  }

  var canLoadNextPage: Bool { paginationItems?.nextPageIndex != nil }

  var loadingError: PageError? {
    if case .error(let error) = data { return error }
    return nil
  }
}

enum PaginationWish: Sendable {
  case load(isNextPage: Bool)
  case refresh
}

enum PaginationEffect: Equatable, Sendable {
  case itemsDidLoad(PaginationItems)
  case itemsLoadingDidFail(PageError, isPaginationError: Bool)
  case itemsLoadingDidStart(isNextPage: Bool)
  case itemsRefreshingDidStart
}

/// One page of the list.
struct Page: Sendable {
  let items: [String]
  let nextPageIndex: Int?
}

/// Where pages come from: an HTTP API in the app, a scripted source in tests.
protocol PageSource: Sendable {
  func page(at index: Int) async throws -> Page
}

struct Paginator: FeatureDefinition {
  typealias Wish = PaginationWish
  typealias Effect = PaginationEffect
  typealias State = PaginationState

  let source: any PageSource

  func act(_ state: PaginationState, _ action: PaginationWish) -> Effects<PaginationEffect> {
    switch action {
    case .load(let isNextPage):
      guard !state.isProcessing, state.canLoadNextPage || !isNextPage, state.loadingError == nil
      else { return .none }
      let loaded = isNextPage ? state.paginationItems?.items ?? [] : []
      let index = isNextPage ? state.paginationItems?.nextPageIndex ?? 0 : 0
      return .concatenate(
        .just(.itemsLoadingDidStart(isNextPage: isNextPage)),
        fetch(page: index, appendingTo: loaded, isNextPage: isNextPage)
      )
    case .refresh:
      guard !state.isProcessing else { return .none }
      let start: PaginationEffect =
        state.paginationItems == nil
        ? .itemsLoadingDidStart(isNextPage: false) : .itemsRefreshingDidStart
      return .concatenate(.just(start), fetch(page: 0, appendingTo: [], isNextPage: false))
    }
  }

  private func fetch(page index: Int, appendingTo loaded: [String], isNextPage: Bool)
    -> Effects<PaginationEffect>
  {
    let source = self.source
    return .run(name: "page \(index)") { send in
      do {
        let page = try await source.page(at: index)
        send(
          .itemsDidLoad(
            PaginationItems(items: loaded + page.items, nextPageIndex: page.nextPageIndex)))
      } catch let error as PageError {
        send(.itemsLoadingDidFail(error, isPaginationError: isNextPage))
      }
    }
  }

  func reduce(_ state: inout PaginationState, _ effect: PaginationEffect) {
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

/// Pages of two items, answered after one second of virtual time; chosen pages fail.
struct ScriptedPages: PageSource {
  let clock: VirtualClock
  let pageCount: Int
  let failures: Locked<Set<Int>>

  init(clock: VirtualClock, pageCount: Int = 3, failing: Set<Int> = []) {
    self.clock = clock
    self.pageCount = pageCount
    self.failures = Locked(failing)
  }

  func page(at index: Int) async throws -> Page {
    try await clock.sleep(for: .seconds(1))
    let fails = failures.modify { $0.remove(index) != nil }
    if fails { throw PageError(message: "page \(index) failed") }
    return Page(
      items: ["item \(index * 2)", "item \(index * 2 + 1)"],
      nextPageIndex: index + 1 < pageCount ? index + 1 : nil
    )
  }
}
