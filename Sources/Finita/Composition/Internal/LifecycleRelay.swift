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
    var handlers: [Handler] = []
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
      self?.box.withLock { state in state.handlers.removeAll { $0.id == id } }
    }
  }

  private func drain() {
    while let item = box.withLock({ $0.queue.next() }) {
      switch item {
      case .event(let event):
        let handlers = box.withLock { state -> [Handler] in
          state.deliveredActive = event == .begin
          return state.handlers
        }
        for handler in handlers { handler.receive(event) }
      case .subscribe(let handler):
        let isActive = box.withLock { state -> Bool in
          state.handlers.append(handler)
          return state.deliveredActive
        }
        if isActive { handler.receive(.begin) }
      }
    }
  }
}
