#if HTTPExamples
  import Finita
  import FinitaExamples
  import FinitaExamplesHTTP

  /// The paginator over HTTP against a local Hummingbird server: in `finita tour --all` only,
  /// because the server needs the `HTTPExamples` trait.
  enum HTTPPaginatorTour {
    static func run(_ output: inout TourOutput) async {
      output.section("Paginator (seeds 000, 001) over HTTP against a local server")
      let server = PageServer(catalog: .seeded(itemCount: 12, pageSize: 5))
      let paginator: Feature<Paginator>
      do {
        let url = try await server.start(host: "127.0.0.1", port: 0)
        paginator = Feature(
          initialState: PaginationState(),
          definition: Paginator(source: HTTPPageSource(baseURL: url)),
          configuration: .init(name: "Paginator"),
          trace: tracePrinter(Paginator.self)
        )
      } catch {
        output.note("The local server did not start: \(error)")
        return
      }
      // The port is the system's choice, so it is not printed: the tour's output is the same
      // in every run.
      output.note("(serving 12 items in pages of 5 on a free port of 127.0.0.1)")
      paginator.accept(.load(isNextPage: false))
      await paginator.idle()
      output.note("(the server will fail page 1 once)")
      server.failNextRequest(forPage: 1)
      paginator.accept(.load(isNextPage: true))
      await paginator.idle()
      output.note("(the user taps Retry)")
      paginator.accept(.load(isNextPage: true))
      await paginator.idle()
      paginator.accept(.load(isNextPage: true))
      await paginator.idle()
      output.note("(the last page is loaded: scrolling again starts nothing; then pull to refresh)")
      paginator.accept(.load(isNextPage: true))
      paginator.accept(.refresh)
      await paginator.idle()
      paginator.dispose()
      await server.shutdown()
      output.note("(the server is shut down)")
    }
  }
#endif  // HTTPExamples
