import FinitaRedux
import Foundation

/// The PERT calculator of seed 004 as a Redux store, with a logging middleware and undo.
enum ReduxTour {
  /// A PERT estimate: the result is (max + min + 4 * exp) / 6.
  struct Estimate: Equatable, Codable, Sendable, CustomStringConvertible {
    var max = 0.0
    var min = 0.0
    var exp = 0.0
    var result = 0.0

    var description: String {
      "max \(rounded(max)), min \(rounded(min)), exp \(rounded(exp)) -> result \(rounded(result))"
    }
  }

  enum EstimateAction: Sendable, CustomStringConvertible {
    case setMax(Double)
    case setMin(Double)
    case setExp(Double)

    var description: String {
      switch self {
      case .setMax(let value): "setMax(\(rounded(value)))"
      case .setMin(let value): "setMin(\(rounded(value)))"
      case .setExp(let value): "setExp(\(rounded(value)))"
      }
    }
  }

  static let reducer = Reducer<Estimate, EstimateAction> { state, action in
    switch action {
    case .setMax(let value): state.max = value
    case .setMin(let value): state.min = value
    case .setExp(let value): state.exp = value
    }
    state.result = (state.max + state.min + 4 * state.exp) / 6
  }

  /// Logs each action, and the result before and after the reducer ran.
  static let logger = Middleware<Estimate, EstimateAction> { store, next, action in
    let before = store.state.result
    print("   dispatch  \(action)")
    next(action)
    print("   log       result \(rounded(before)) -> \(rounded(store.state.result))")
  }

  static func run(_ output: inout TourOutput) async {
    output.section(
      "Redux store: the PERT calculator of seed 004, with a logging middleware and undo")
    let store = Store(
      initialState: Estimate(),
      reducer: reducer,
      middleware: [logger],
      history: HistoryOptions(limit: 10)
    )
    let subscription = store.subscribe { state in print("   state     \(state)") }
    store.dispatch(.setMin(2))
    store.dispatch(.setMax(10))
    store.dispatch(.setExp(6))

    output.note("(undo: back to before setExp)")
    store.undo()
    output.note("(redo)")
    store.redo()
    output.note("(jump to the first state of \(store.history.states.count))")
    store.jump(to: 0)

    let persistence = StatePersistence<Estimate>()
    output.note("(redo twice, then save)")
    store.redo()
    store.redo()
    if let saved = try? store.save(with: persistence) {
      let restored = Store(initialState: Estimate(), reducer: reducer)
      try? restored.restore(from: saved, with: persistence)
      output.note("(saved and restored in a new store: \(restored.state))")
    }
    do {
      try store.restore(from: Data(#"{"max": 1}"#.utf8), with: persistence)
    } catch {
      output.note("(a saved state without its envelope is refused; the store keeps its state:)")
      output.note("\(error)")
    }
    subscription.cancel()
  }
}

/// Two decimals at most, without Foundation.
private func rounded(_ value: Double) -> String {
  let hundredths = (value * 100).rounded() / 100
  return hundredths == hundredths.rounded() ? "\(Int(hundredths))" : "\(hundredths)"
}
