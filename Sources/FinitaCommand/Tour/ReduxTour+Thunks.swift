import FinitaRedux

/// Thunks: asynchronous action creators that the store runs and cancels.
extension ReduxTour {
  struct Search: Equatable, Sendable, CustomStringConvertible {
    var query = ""
    var isSearching = false
    var results: [String] = []

    var description: String {
      "query \"\(query)\"\(isSearching ? ", searching" : ""), results \(results)"
    }
  }

  enum SearchAction: Sendable {
    case searchDidStart(String)
    case resultsDidLoad([String])
  }

  static let searchReducer = Reducer<Search, SearchAction> { state, action in
    switch action {
    case .searchDidStart(let query):
      state.query = query
      state.isSearching = true
    case .resultsDidLoad(let results):
      state.isSearching = false
      state.results = results
    }
  }

  /// Prints each action and the state after it, on the store's processing thread, so the lines
  /// come in the order the store handled them; then tells `handled` which action is done, so
  /// the tour goes on only once its lines are printed.
  static func searchLogger(
    handled: AsyncStream<SearchAction>.Continuation
  ) -> Middleware<Search, SearchAction> {
    Middleware { store, next, action in
      print("   dispatch  \(action)")
      next(action)
      print("   state     \(store.state)")
      handled.yield(action)
    }
  }

  /// A search whose latest run wins: starting one cancels the one in flight.
  ///
  /// - Parameters:
  ///   - query: What to search for.
  ///   - service: The search itself.
  static func search(
    _ query: String, service: @escaping @Sendable (String) async throws -> [String]
  ) -> Thunk<Search, SearchAction> {
    Thunk(id: "search", cancelInFlight: true, name: "search \(query)") { store in
      store.dispatch(.searchDidStart(query))
      let results = try await service(query)
      store.dispatch(.resultsDidLoad(results))
    }
  }

  static func thunks(_ output: inout TourOutput) async {
    output.section("Redux thunks: the latest search wins, the one in flight is cancelled")
    let (handled, handle) = AsyncStream.makeStream(of: SearchAction.self)
    var actions = handled.makeAsyncIterator()
    let store = Store(
      initialState: Search(), reducer: searchReducer, middleware: [searchLogger(handled: handle)])
    let slow: @Sendable (String) async throws -> [String] = { _ in
      // Long enough never to finish: the next search cancels it, and the cancelled sleep throws.
      try await Task.sleep(for: .seconds(60))
      return ["never shown"]
    }
    let fast: @Sendable (String) async throws -> [String] = { query in
      ["finita", "finite", "swift", "swiftui"].filter { $0.hasPrefix(query) }
    }
    output.note("(a slow search for \"fin\" starts)")
    store.dispatch(search("fin", service: slow))
    _ = await actions.next()
    output.note("(the user types on: a search for \"swift\" starts and cancels the first)")
    store.dispatch(search("swift", service: fast))
    while let action = await actions.next() {
      if case .resultsDidLoad = action { break }
    }
    // The middleware ran before the store committed the state it printed: wait for the commit.
    for await state in store.states where !state.isSearching {
      output.note("(the first search never dispatches its results: \(state))")
      break
    }
    store.dispose()
    handle.finish()
  }
}
