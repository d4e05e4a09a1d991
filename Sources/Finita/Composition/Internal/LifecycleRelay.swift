/// The shared machinery of the lifecycles: remembers whether the lifecycle is active, drops
/// duplicate events, and delivers events to handlers in order, one at a time, outside the lock.
final class LifecycleRelay: Sendable {
  private struct Handler {
    let id: UInt64
    let receive: @Sendable (LifecycleEvent) -> Void
  }

  private enum Item {
    case event(LifecycleEvent)
    case subscribe(Handler)
  }

  private struct State {
    /// The state as callers see it: changed when `send` is called.
    var isActive: Bool
    /// The state as handlers have seen it: changed when the drainer delivers.
    var deliveredActive: Bool
    var handlers = ObserverSlots<Handler>(vacant: Handler(id: 0, receive: { _ in }))
    var queue = DrainQueue<Item>()
    var nextID: UInt64 = 0
  }

  private let box: LockedValue<State>

  init(isActive: Bool) {
    box = LockedValue(State(isActive: isActive, deliveredActive: isActive))
  }

  var isActive: Bool {
    box.withLock { $0.isActive }
  }

  func send(_ event: LifecycleEvent) {
    let drains = box.withLock { state -> Bool in
      let becomesActive = event == .begin
      guard state.isActive != becomesActive else { return false }
      state.isActive = becomesActive
      return state.queue.enqueue(.event(event))
    }
    if drains { drain() }
  }

  func observe(_ receive: @escaping @Sendable (LifecycleEvent) -> Void) -> Subscription {
    let (id, drains) = box.withLock { state -> (UInt64, Bool) in
      state.nextID += 1
      let handler = Handler(id: state.nextID, receive: receive)
      return (state.nextID, state.queue.enqueue(.subscribe(handler)))
    }
    if drains { drain() }
    return Subscription { [weak self] in
      // Released after the lock; cancelled before its request was drained, it is never added.
      let removed = self?.box.withLock { state -> Handler? in
        guard let handler = state.handlers.remove(id: id) else {
          state.handlers.cancelBeforeAdding(id: id)
          return nil
        }
        return handler
      }
      _ = removed
    }
  }

  private func drain() {
    while let item = box.withLock({ $0.queue.next() }) {
      switch item {
      case .event(let event):
        let handlers = box.withLock { state -> ContiguousArray<Handler> in
          state.deliveredActive = event == .begin
          return state.handlers.items
        }
        // A vacant slot's handler does nothing.
        for handler in handlers { handler.receive(event) }
      case .subscribe(let handler):
        let isActive = box.withLock { state -> Bool in
          // Refused when its subscription was cancelled while this request waited.
          guard state.handlers.add(handler, id: handler.id) else { return false }
          return state.deliveredActive
        }
        if isActive { handler.receive(.begin) }
      }
    }
  }
}
