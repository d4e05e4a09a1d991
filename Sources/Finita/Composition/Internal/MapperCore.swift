/// The state of a ``UIStateMapper``: the latest state of each feature, the latest view state,
/// and the observers, updated by one drainer at a time.
final class MapperCore<ViewState: Equatable & Sendable>: Sendable {
  private struct Observer {
    let id: UInt64
    let receive: @Sendable (ViewState) -> Void
    let finish: @Sendable () -> Void
  }

  private enum Item {
    case update(Int, any Sendable)
    case subscribe(Observer)
  }

  /// What happened to a subscription request when the drainer reached it.
  private enum Subscribed {
    case added(current: ViewState)
    /// Its subscription was cancelled while the request waited.
    case refused
    /// The mapper was cancelled.
    case finished
  }

  private struct State {
    var states: [any Sendable]
    var viewState: ViewState
    var observers = ObserverSlots<Observer>(
      vacant: Observer(id: 0, receive: { _ in }, finish: {})
    )
    var queue = DrainQueue<Item>()
    var subscriptions: [Subscription] = []
    var nextID: UInt64 = 0
    var isCancelled = false
  }

  private let box: LockedValue<State>
  private let compute: @Sendable ([any Sendable]) -> ViewState

  init(states: [any Sendable], compute: @escaping @Sendable ([any Sendable]) -> ViewState) {
    self.compute = compute
    box = LockedValue(State(states: states, viewState: compute(states)))
  }

  var viewState: ViewState {
    box.withLock { $0.viewState }
  }

  func keep(_ subscriptions: [Subscription]) {
    let isCancelled = box.withLock { state -> Bool in
      guard !state.isCancelled else { return true }
      state.subscriptions = subscriptions
      return false
    }
    if isCancelled {
      for subscription in subscriptions { subscription.cancel() }
    }
  }

  func update(_ index: Int, to featureState: any Sendable) {
    enqueue(.update(index, featureState))
  }

  func subscribe(
    receive: @escaping @Sendable (ViewState) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    let id = box.withLock { state -> UInt64? in
      guard !state.isCancelled else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else {
      receive(viewState)
      finish()
      return Subscription {}
    }
    enqueue(.subscribe(Observer(id: id, receive: receive, finish: finish)))
    return Subscription { [weak self] in
      // Released after the lock; cancelled before its request was drained, it is never added.
      let removed = self?.box.withLock { state -> Observer? in
        guard let observer = state.observers.remove(id: id) else {
          state.observers.cancelBeforeAdding(id: id)
          return nil
        }
        return observer
      }
      _ = removed
    }
  }

  func cancel() {
    let released = box.withLock { state -> ([Subscription], [Observer])? in
      guard !state.isCancelled else { return nil }
      state.isCancelled = true
      defer {
        state.subscriptions = []
      }
      return (state.subscriptions, state.observers.removeAll())
    }
    guard let (subscriptions, observers) = released else { return }
    for subscription in subscriptions { subscription.cancel() }
    for observer in observers { observer.finish() }
  }

  private func enqueue(_ item: Item) {
    if box.withLock({ $0.queue.enqueue(item) }) { drain() }
  }

  private func drain() {
    while let item = box.withLock({ $0.queue.next() }) {
      switch item {
      case .update(let index, let featureState):
        let states = box.withLock { state -> [any Sendable]? in
          guard !state.isCancelled else { return nil }
          state.states[index] = featureState
          return state.states
        }
        guard let states else { continue }
        // `map` is user code: it runs outside the lock, and only the drainer runs it.
        let viewState = compute(states)
        let observers = box.withLock { state -> ContiguousArray<Observer>? in
          guard !state.isCancelled, state.viewState != viewState else { return nil }
          state.viewState = viewState
          return state.observers.items
        }
        // A vacant slot's observer does nothing.
        for observer in observers ?? [] { observer.receive(viewState) }
      case .subscribe(let observer):
        let outcome = box.withLock { state -> Subscribed in
          guard !state.isCancelled else { return .finished }
          // Refused when its subscription was cancelled while this request waited.
          guard state.observers.add(observer, id: observer.id) else { return .refused }
          return .added(current: state.viewState)
        }
        switch outcome {
        case .added(let current): observer.receive(current)
        case .refused: break
        case .finished: observer.finish()
        }
      }
    }
  }
}
