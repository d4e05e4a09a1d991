import Finita
import FinitaRedux
import FinitaTesting
import Testing

/// A shopping cart: a line per product, with its quantity.
private struct Cart: Hashable, Sendable {
  struct Line: Hashable, Sendable {
    var product: Int
    var quantity: Int
  }

  var lines: [Line] = []
}

private enum CartAction: Hashable, Sendable {
  case add(product: Int)
  case remove(product: Int)
  case clear
}

/// The cart's reducer; the planted bug keeps a line whose last item was removed.
private func cartReducer(keepsEmptyLines: Bool = false) -> Reducer<Cart, CartAction> {
  Reducer { cart, action in
    switch action {
    case .add(let product):
      if let index = cart.lines.firstIndex(where: { $0.product == product }) {
        cart.lines[index].quantity += 1
      } else {
        cart.lines.append(Cart.Line(product: product, quantity: 1))
      }
    case .remove(let product):
      guard let index = cart.lines.firstIndex(where: { $0.product == product }) else { return }
      cart.lines[index].quantity -= 1
      if cart.lines[index].quantity == 0 && !keepsEmptyLines { cart.lines.remove(at: index) }
    case .clear:
      cart.lines = []
    }
  }
}

private typealias CartSession = StoreSession<Cart, CartAction>

private let cartInputs: Gen<CartSession.Input> = .one(of: [
  Gen.int(in: 1...3).map { .dispatch(.add(product: $0)) },
  Gen.int(in: 1...3).map { .dispatch(.remove(product: $0)) },
  .constant(.dispatch(.clear)),
  .constant(.undo),
  .constant(.redo),
])

private func cartExplorer(keepsEmptyLines: Bool) -> Explorer<CartSession> {
  let session = CartSession(
    running: cartReducer(keepsEmptyLines: keepsEmptyLines), history: HistoryOptions(limit: 5))
  return Explorer(
    initialState: session.history(startingAt: Cart()), wishes: cartInputs, outside: [],
    invariants: [
      .always("every line has an item") { $0.present.lines.allSatisfy { $0.quantity > 0 } },
      .always("a product has one line") { history in
        Set(history.present.lines.map(\.product)).count == history.present.lines.count
      },
    ]
  ) { _ in
    session
  }
}

@Suite("A Redux store's reducer and history, run as a feature and explored")
struct StoreExploreTests {
  @Test("a running session does what the store does with the same inputs")
  func runningSessionMatchesTheStore() async {
    let reducer = cartReducer()
    let store = Store(initialState: Cart(), reducer: reducer, history: HistoryOptions(limit: 5))
    let session = CartSession(running: reducer, history: HistoryOptions(limit: 5))
    let tester = FeatureTester(initialState: session.history(startingAt: Cart())) { _ in
      session
    }
    tester.exhaustivity = .off
    let inputs: [CartSession.Input] = [
      .dispatch(.add(product: 1)), .dispatch(.add(product: 2)), .undo, .redo, .undo, .undo,
      .undo, .dispatch(.add(product: 1)), .redo, .jump(to: 0), .jump(to: 9),
      .dispatch(.remove(product: 1)),
    ]
    for input in inputs {
      await tester.send(input)
      switch input {
      case .dispatch(let action): store.dispatch(action)
      case .undo: store.undo()
      case .redo: store.redo()
      case .jump(let index): store.jump(to: index)
      case .restore: break
      }
      #expect(tester.state.present == store.state)
      #expect(tester.state.currentIndex == store.history.currentIndex)
    }
    await tester.finish()
  }

  @Test("a replaying session's Actor still does nothing")
  func replayingSessionDoesNothing() async {
    let session = CartSession(reducer: cartReducer())
    let tester = FeatureTester(initialState: session.history(startingAt: Cart())) { _ in
      session
    }
    await tester.send(.dispatch(.add(product: 1)))
    await tester.finish()
  }

  @Test("the cart's reducer keeps its promises through undo and redo")
  func cartKeepsItsPromises() async {
    let report = await cartExplorer(keepsEmptyLines: false).explore(budget: .sequences(500))
    #expect(report.failure == nil)
    #expect(report.coverage.wishes.keys.contains("undo"))
  }

  @Test("a reducer that keeps emptied lines is caught in 2 steps")
  func emptiedLineIsCaught() async throws {
    let failure = try #require(await cartExplorer(keepsEmptyLines: true).run().failure)
    #expect(failure.invariant == "every line has an item")
    // One product added and removed (shrinking keeps the product: a smaller one alone in
    // either step no longer fails).
    let products = failure.inputs.map { input -> Int? in
      guard case .wish(.dispatch(let action)) = input else { return nil }
      switch action {
      case .add(let product): return product
      case .remove(let product): return -product
      case .clear: return nil
      }
    }
    #expect(products.count == 2)
    if let added = products.first ?? nil { #expect(products == [added, -added]) }
  }
}
