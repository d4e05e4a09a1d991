/// The state of a ``Binder``, kept apart from it so that sources and the lifecycle can reach it
/// while the public object's release still cancels everything.
final class BinderCore: Sendable {
  private struct Connection {
    let name: String
    let connect: @Sendable (BinderCore) -> Subscription
    var subscription: Subscription?
  }

  private struct State {
    var connections: [Connection] = []
    var isActive = false
    var isCancelled = false
    /// Increased on each begin, so that a subscription made for an earlier begin is dropped.
    var generation: UInt64 = 0
    /// While above zero, values are held: some bindings may not be connected yet.
    var setupsInProgress = 0
    var held = DrainQueue<@Sendable () -> Void>()
    var lifecycleSubscription: Subscription?

    mutating func takeSubscriptions() -> [Subscription] {
      var subscriptions: [Subscription] = []
      for index in connections.indices {
        if let subscription = connections[index].subscription {
          subscriptions.append(subscription)
        }
        connections[index].subscription = nil
      }
      return subscriptions
    }
  }

  private let box = LockedValue(State())
  private let log: (@Sendable (String) -> Void)?

  init(log: (@Sendable (String) -> Void)?) {
    self.log = log
  }

  var isActive: Bool { box.withLock { $0.isActive } }
  var isCancelled: Bool { box.withLock { $0.isCancelled } }

  func record(_ line: @autoclosure () -> String) {
    log?(line())
  }

  // MARK: - Lifecycle

  func follow(_ lifecycle: any BinderLifecycle) {
    let subscription = lifecycle.observe { [weak self] event in
      switch event {
      case .begin: self?.begin()
      case .end: self?.end()
      }
    }
    let isCancelled = box.withLock { state -> Bool in
      guard !state.isCancelled else { return true }
      state.lifecycleSubscription = subscription
      return false
    }
    if isCancelled { subscription.cancel() }
  }

  func begin() {
    let plan = box.withLock { state -> (UInt64, [(Int, @Sendable (BinderCore) -> Subscription)])? in
      guard !state.isCancelled, !state.isActive else { return nil }
      state.isActive = true
      state.generation &+= 1
      state.setupsInProgress += 1
      return (
        state.generation, state.connections.indices.map { ($0, state.connections[$0].connect) }
      )
    }
    guard let (generation, connections) = plan else { return }
    record("begin")
    for (index, connect) in connections {
      attach(index, connect, generation: generation)
    }
    finishSetup()
  }

  func end() {
    let subscriptions = box.withLock { state -> [Subscription]? in
      guard state.isActive else { return nil }
      state.isActive = false
      return state.takeSubscriptions()
    }
    guard let subscriptions else { return }
    record("end")
    for subscription in subscriptions { subscription.cancel() }
  }

  func cancel() {
    let subscriptions = box.withLock { state -> [Subscription]? in
      guard !state.isCancelled else { return nil }
      state.isCancelled = true
      state.isActive = false
      var subscriptions = state.takeSubscriptions()
      if let lifecycle = state.lifecycleSubscription { subscriptions.append(lifecycle) }
      state.lifecycleSubscription = nil
      state.connections = []
      return subscriptions
    }
    guard let subscriptions else { return }
    record("cancel")
    for subscription in subscriptions { subscription.cancel() }
  }

  // MARK: - Connections

  func add(name: String, connect: @escaping @Sendable (BinderCore) -> Subscription) {
    let now = box.withLock { state -> (Int, UInt64)? in
      guard !state.isCancelled else { return nil }
      state.connections.append(Connection(name: name, connect: connect))
      guard state.isActive else { return nil }
      state.setupsInProgress += 1
      return (state.connections.count - 1, state.generation)
    }
    guard let (index, generation) = now else { return }
    attach(index, connect, generation: generation)
    finishSetup()
  }

  private func attach(
    _ index: Int,
    _ connect: @Sendable (BinderCore) -> Subscription,
    generation: UInt64
  ) {
    let subscription = connect(self)
    let isStale = box.withLock { state -> Bool in
      guard state.isActive, state.generation == generation, index < state.connections.count
      else { return true }
      state.connections[index].subscription = subscription
      return false
    }
    if isStale { subscription.cancel() }
  }

  private func finishSetup() {
    let drains = box.withLock { state -> Bool in
      state.setupsInProgress -= 1
      return state.setupsInProgress == 0 && state.held.claim()
    }
    if drains { drainHeld() }
  }

  // MARK: - Delivery

  /// Delivers at once, or holds the delivery while bindings are being connected or held values
  /// are being delivered, so that order is kept.
  func route(_ delivery: @escaping @Sendable () -> Void) {
    let isDirect = box.withLock { state -> Bool in
      guard state.setupsInProgress > 0 || state.held.isDraining else { return true }
      state.held.append(delivery)
      return false
    }
    if isDirect { delivery() }
  }

  private func drainHeld() {
    while let delivery = box.withLock({ state -> (@Sendable () -> Void)? in
      // A setup started on another thread: its finisher resumes the drain.
      if state.setupsInProgress > 0 {
        state.held.pause()
        return nil
      }
      return state.held.next()
    }) {
      delivery()
    }
  }

  func deliver<Output, Input>(
    _ output: Output,
    named name: String,
    to sink: BindingSink<Input>,
    transform: @Sendable (Output) -> Input?
  ) {
    guard let input = transform(output) else {
      record("\(name): \(output) dropped")
      return
    }
    record("\(name): \(output) -> \(input)")
    sink(input)
  }
}
