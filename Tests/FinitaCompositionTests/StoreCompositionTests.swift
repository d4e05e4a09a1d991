import Finita
import FinitaObservation
import FinitaRedux
import Testing

/// A cart store: the count of items and the last coupon; a feature's news adds to it.
private struct Cart: Equatable, Sendable {
  var items = 0
  var coupon: String?
}

private enum CartAction: Equatable, Sendable {
  case add(Int)
  case apply(String)
}

private func makeCart(middleware: [Middleware<Cart, CartAction>] = []) -> Store<Cart, CartAction> {
  Store(initialState: Cart(), middleware: middleware) { cart, action in
    switch action {
    case .add(let count): cart.items += count
    case .apply(let coupon): cart.coupon = coupon
    }
  }
}

@Suite("A store in composition: Binder source and sink, UIStateMapper, Observation model")
struct StoreCompositionTests {
  @Test("a feature's news bound to a store's actions, and the store's states to a feature")
  func storeInBinderGraph() {
    let loader = Feature(initialState: Loader.State(), definition: Loader())
    let cart = makeCart()
    let binder = Binder()
    binder.bind(.news(of: loader), to: .actions(of: cart)) { news in
      guard case .loaded(let value) = news else { return nil }
      return .add(value)
    }
    binder.bind(.states(of: cart), to: .wishes(of: loader)) { cart in .setPage(cart.items) }
    loader.accept(.load(3))
    loader.accept(.load(4))
    #expect(cart.state.items == 7)
    #expect(loader.state.page == 7)
    binder.cancel()
    cart.dispose()
    loader.dispose()
  }

  @Test("actions bound to a store go through its middleware")
  func sinkGoesThroughMiddleware() {
    let seen = Recorder<CartAction>()
    let logger = Middleware<Cart, CartAction> { _, next, action in
      seen.append(action)
      next(action)
    }
    let cart = makeCart(middleware: [logger])
    BindingSink<CartAction>.actions(of: cart)(.apply("SPRING"))
    #expect(seen.values == [.apply("SPRING")])
    #expect(cart.state.coupon == "SPRING")
    cart.dispose()
  }

  @Test("a store's states source finishes when the store is disposed")
  func sourceFinishes() {
    let cart = makeCart()
    let values = Recorder<Int>()
    let finished = Recorder<Bool>()
    let subscription = BindingSource.states(of: cart).subscribe(
      receive: { values.append($0.items) }, finish: { finished.append(true) })
    cart.dispatch(.add(2))
    cart.dispose()
    cart.dispatch(.add(5))
    #expect(values.values == [0, 2])
    #expect(finished.values == [true])
    subscription.cancel()
  }

  @Test("a sink does not keep its store alive")
  func sinkIsWeak() {
    weak var released: Store<Cart, CartAction>?
    var sink: BindingSink<CartAction>?
    do {
      let cart = makeCart()
      released = cart
      sink = .actions(of: cart)
    }
    sink?.callAsFunction(.add(1))
    #expect(released == nil)
  }

  @Test("a UIStateMapper over a store drops duplicate view states")
  func mapperOverStore() {
    let cart = makeCart()
    let mapper = UIStateMapper(cart) { cart in cart.items > 0 ? "\(cart.items) items" : "empty" }
    let seen = Recorder<String>()
    let subscription = mapper.observe { seen.append($0) }
    cart.dispatch(.apply("A"))
    cart.dispatch(.add(1))
    cart.dispatch(.apply("B"))
    #expect(seen.values == ["empty", "1 items"])
    subscription.cancel()
    cart.dispose()
  }

  @Test("a StoreModel updates its state before dispatch returns on the main actor")
  @MainActor
  func observationModel() {
    let model = StoreModel(makeCart())
    #expect(model.state == Cart())
    model.dispatch(.add(3))
    #expect(model.state.items == 3)
    model.store.dispatch(.apply("X"))
    #expect(model.state.coupon == "X")
    model.store.dispose()
  }

  @Test("a StoreModel fed from another thread catches up on the main actor")
  @MainActor
  func observationModelFromAnotherThread() async {
    let cart = makeCart()
    let model = StoreModel(cart)
    await Task.detached { cart.dispatch(.add(4)) }.value
    for _ in 0..<10_000 where model.state.items != 4 {
      await Task.yield()
    }
    #expect(model.state.items == 4)
    cart.dispose()
  }
}
