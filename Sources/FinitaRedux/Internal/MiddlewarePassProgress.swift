/// What a store's ``MiddlewarePass`` shares between the processing thread and the threads a
/// middleware hands `next` to: read and changed only under the pass's lock, in short steps that
/// never call the middleware or the reducer.
///
/// One thread at a time reduces into a pass. An action passed to `next` while another thread is
/// reducing waits in ``waiting`` and that thread reduces it next, so the reducer runs exactly
/// once for each action, on the state its predecessors left.
@usableFromInline
struct MiddlewarePassProgress<AppState: Sendable, AppAction: Sendable> {
  @usableFromInline typealias Effect = StoreEffect<AppState, AppAction>
  @usableFromInline typealias Step = MiddlewarePassStep<AppState, AppAction>

  /// The state the middleware sees: the store's state at the start of the pass, with the
  /// actions reduced since.
  @usableFromInline var state: AppState
  /// The number of the latest pass.
  @usableFromInline var generation: UInt64 = 0
  /// Whether pass ``generation`` is running.
  @usableFromInline var isRunning = false
  /// Whether a thread is running the reducer for the pass.
  @usableFromInline var isReducing = false
  /// Whether the processing thread waits for the reducing thread before it ends the pass.
  @usableFromInline var isEndWaiting = false
  /// The actions passed to `next` while another thread was reducing, in arrival order.
  @usableFromInline var waiting: [AppAction] = []
  /// The pass's first reduced action, kept apart so a pass that reduces one action (the usual
  /// case) needs no array.
  @usableFromInline var first: Effect?
  /// The pass's other reduced actions, in order; `nil` until there is a second one.
  @usableFromInline var more: [Effect]?

  @usableFromInline
  init(state: AppState) {
    self.state = state
  }

  /// Starts a new pass on `state` and returns its generation.
  @inlinable
  mutating func open(on state: AppState) -> UInt64 {
    self.state = state
    generation &+= 1
    isRunning = true
    return generation
  }

  /// Ends the pass (later `next` calls go to the store's queue) and hands over what it reduced,
  /// in order; `nil` while a thread is still reducing into it: wait for that thread, then call
  /// ``takeReduced()``.
  @inlinable
  mutating func end() -> (first: Effect?, more: [Effect]?)? {
    isRunning = false
    isEndWaiting = isReducing
    return isEndWaiting ? nil : takeReduced()
  }

  /// Hands over what the pass reduced, in order.
  @inlinable
  mutating func takeReduced() -> (first: Effect?, more: [Effect]?) {
    (first.take(), more.take())
  }

  /// Whether pass `generation` is still running.
  @inlinable
  func isOpen(_ generation: UInt64) -> Bool {
    isRunning && self.generation == generation
  }

  /// What to do with `action`, passed to the reducer in pass `generation`: reduce it now, leave
  /// it to the thread already reducing, or (once the pass has ended) queue it in the store.
  @inlinable
  mutating func arrive(_ action: AppAction, in generation: UInt64) -> Step {
    guard isOpen(generation) else { return .sendToStore }
    guard !isReducing else {
      waiting.append(action)
      return .leftToReducingThread
    }
    isReducing = true
    return .reduce(action, state)
  }

  /// Keeps `state`, `action` reduced on the pass's state, as the pass's state and as its next
  /// effect; then hands over the next waiting action, if any.
  @inlinable
  mutating func commit(_ action: AppAction, _ state: AppState) -> Step {
    self.state = state
    let effect = Effect.commit(action, state)
    if first == nil {
      first = effect
    } else if more == nil {
      more = [effect]
    } else {
      more?.append(effect)
    }
    if !waiting.isEmpty {
      return .reduce(waiting.removeFirst(), state)
    }
    isReducing = false
    guard isEndWaiting else { return .done }
    isEndWaiting = false
    return .doneWakingTheEnd
  }
}
