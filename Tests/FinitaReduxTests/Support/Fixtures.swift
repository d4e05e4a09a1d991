import FinitaRedux

/// The PERT estimate of seed 004: the result is (max + min + 4 * exp) / 6.
struct PERT: Equatable, Codable, Sendable {
  var max = 0.0
  var min = 0.0
  var exp = 0.0
  var result = 0.0
}

enum PERTAction: Equatable, Sendable {
  case setMax(Double)
  case setMin(Double)
  case setExp(Double)
}

let pertReducer = Reducer<PERT, PERTAction> { state, action in
  switch action {
  case .setMax(let value): state.max = value
  case .setMin(let value): state.min = value
  case .setExp(let value): state.exp = value
  }
  state.result = (state.max + state.min + 4 * state.exp) / 6
}

/// A small state for the store's mechanics: a log of reduced actions and a few fields.
struct Log: Equatable, Codable, Sendable {
  var entries: [String] = []
  var count = 0
  var isLoading = false
  var title = ""
}

enum LogAction: Equatable, Sendable {
  case add(String)
  case increment
  case setLoading(Bool)
  case setTitle(String)
  case noop
}

let logReducer = Reducer<Log, LogAction> { state, action in
  switch action {
  case .add(let entry): state.entries.append(entry)
  case .increment: state.count += 1
  case .setLoading(let value): state.isLoading = value
  case .setTitle(let title): state.title = title
  case .noop: break
  }
}

func makeLogStore(
  middleware: [Middleware<Log, LogAction>] = [],
  history: HistoryOptions<Log, LogAction>? = nil
) -> Store<Log, LogAction> {
  Store(initialState: Log(), reducer: logReducer, middleware: middleware, history: history)
}

extension Store {
  /// Waits, without sleeping, until the state satisfies `predicate`; returns that state.
  @discardableResult
  func waitForState(where predicate: @Sendable (State) -> Bool) async -> State? {
    for await state in values(of: { $0 }) where predicate(state) {
      return state
    }
    return nil
  }
}
