#if HTTPExamples
  import FinitaExamples
  import FinitaExamplesHTTP
  import Foundation

  /// The paginator over HTTP against a local Hummingbird server: in `finita tour --all` only,
  /// because the server needs the `HTTPExamples` trait.
  enum HTTPPaginatorTour {
    static func run(_ output: inout TourOutput) async {
      output.section("Paginator (seeds 000, 001) over HTTP against a local server")
      let server = PageServer(catalog: .seeded(itemCount: 12, pageSize: 5))
      let url: URL
      do {
        url = try await server.start(host: "127.0.0.1", port: 0)
      } catch {
        output.note("The local server did not start: \(error)")
        return
      }
      // The port is the system's choice, so it is not printed: the tour's output is the same
      // in every run.
      output.note("(serving 12 items in pages of 5 on a free port of 127.0.0.1)")
      await PaginatorSession.run(&output, source: HTTPPageSource(baseURL: url)) {
        server.failNextRequest(forPage: 1)
      }
      await server.shutdown()
      output.note("(the server is shut down)")
    }
  }
#endif  // HTTPExamples
