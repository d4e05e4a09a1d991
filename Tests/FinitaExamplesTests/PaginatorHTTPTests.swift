#if HTTPExamples
  import Finita
  import FinitaExamples
  import FinitaExamplesHTTP
  import FinitaTesting
  import Foundation
  import Testing

  @Suite("Paginator over HTTP against the local page server", .timeLimit(.minutes(1)))
  struct PaginatorHTTPTests {
    let catalog = PageCatalog.seeded(itemCount: 23, pageSize: 5)

    @Test("pages through everything, with a server error on one page and a refresh")
    func pagesThroughTheServer() async throws {
      let server = PageServer(catalog: catalog)
      let baseURL = try await server.start(host: "127.0.0.1", port: 0)
      #expect(baseURL.host == "127.0.0.1")
      #expect((baseURL.port ?? 0) > 0)

      let paginator = Feature(
        initialState: PaginationState(),
        definition: Paginator(source: HTTPPageSource(baseURL: baseURL))
      )
      var states = paginator.states.makeAsyncIterator()
      func waitFor(_ predicate: (PaginationState) -> Bool) async -> PaginationState? {
        while let state = await states.next() {
          if predicate(state) { return state }
        }
        return nil
      }
      func isIdle(_ state: PaginationState) -> Bool {
        !state.isProcessing && state.data != .initial
      }

      paginator.accept(.load(isNextPage: false))
      var state = await waitFor(isIdle)
      #expect(state?.paginationItems == PaginationItems(items: page(0), nextPageIndex: 1))

      server.failNextRequest(forPage: 2)
      var pagesLoaded = 1
      var failures: [PageError] = []
      while paginator.state.canLoadNextPage {
        paginator.accept(.load(isNextPage: true))
        state = await waitFor(isIdle)
        guard let current = state else { break }
        if case .content(_, .nextPageLoadingError(let error)) = current.data {
          failures.append(error)
          // The content stays on screen with the error; the retry button loads the page again.
          #expect(current.paginationItems?.items.count == pagesLoaded * 5)
        } else {
          pagesLoaded += 1
        }
      }
      #expect(failures == [PageError(message: "The server answered 500 for page 2")])
      #expect(
        paginator.state.paginationItems == PaginationItems(items: catalog.items, nextPageIndex: nil)
      )

      paginator.accept(.refresh)
      state = await waitFor { $0.isProcessing }
      #expect(
        state?.data
          == .content(
            PaginationItems(items: catalog.items, nextPageIndex: nil), loadingOption: .refreshing))
      state = await waitFor(isIdle)
      #expect(
        state?.data
          == .content(PaginationItems(items: page(0), nextPageIndex: 1), loadingOption: nil)
      )

      paginator.dispose()
      await server.shutdown()
      #expect(server.baseURL == nil)
    }

    @Test("a FeatureTester receives each answer of the server, a failed page and its retry")
    func testerWaitsForTheServer() async throws {
      let server = PageServer(catalog: catalog)
      let baseURL = try await server.start(host: "127.0.0.1", port: 0)
      let tester = FeatureTester(
        initialState: PaginationState(),
        definition: Paginator(source: HTTPPageSource(baseURL: baseURL))
      )
      // Each receive waits for the response: the request waits on the network, not the clock.
      await tester.send(.load(isNextPage: false)) { $0.data = .loading }
      let first = PaginationItems(items: page(0), nextPageIndex: 1)
      await tester.receive(.itemsDidLoad(first)) { $0.data = .content(first, loadingOption: nil) }

      server.failNextRequest(forPage: 1)
      await tester.send(.load(isNextPage: true)) {
        $0.data = .content(first, loadingOption: .nextPageLoading)
      }
      let failure = PageError(message: "The server answered 500 for page 1")
      await tester.receive(.itemsLoadingDidFail(failure, isPaginationError: true)) {
        $0.data = .content(first, loadingOption: .nextPageLoadingError(failure))
      }

      await tester.send(.load(isNextPage: true)) {
        $0.data = .content(first, loadingOption: .nextPageLoading)
      }
      let two = PaginationItems(items: page(0) + page(1), nextPageIndex: 2)
      await tester.receive(.itemsDidLoad(two)) { $0.data = .content(two, loadingOption: nil) }
      await tester.finish()
      await server.shutdown()
    }

    @Test("the server answers JSON pages, 404 past the end and 500 when a failure is injected")
    func serverAnswers() async throws {
      let server = PageServer(catalog: catalog)
      let baseURL = try await server.start()
      let source = HTTPPageSource(baseURL: baseURL)
      #expect(
        try await source.page(at: 4) == Page(items: Array(catalog.items[20...]), nextPageIndex: nil)
      )
      await #expect(throws: PageError(message: "The server answered 404 for page 5")) {
        try await source.page(at: 5)
      }
      server.failNextRequest(forPage: 0)
      await #expect(throws: PageError(message: "The server answered 500 for page 0")) {
        try await source.page(at: 0)
      }
      #expect(try await source.page(at: 0).items == page(0))
      await #expect(throws: PageServerError.alreadyRunning) { try await server.start() }
      await server.shutdown()
    }

    @Test("two starts at once: one runs, the other is refused; after shutdown the port is free")
    func startTwiceAtOnce() async throws {
      for _ in 0..<10 {
        let server = PageServer(catalog: catalog)
        let first = Task { try await server.start() }
        let second = Task { try await server.start() }
        let results = [await first.result, await second.result]
        let started = results.compactMap { try? $0.get() }
        // Before, both could pass the check and listen: the server kept the second, and the
        // first listened until the process ended.
        #expect(started.count == 1)
        await server.shutdown()
        if let port = started.first?.port {
          let again = PageServer(catalog: catalog)
          try await again.start(port: port)
          await again.shutdown()
        }
      }
    }

    private func page(_ index: Int) -> [ListItem] {
      Array(catalog.items[(index * 5)..<min(index * 5 + 5, catalog.items.count)])
    }
  }
#endif  // HTTPExamples
