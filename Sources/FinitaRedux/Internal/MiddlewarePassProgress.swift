/// What a store's ``MiddlewarePass`` shares between the processing thread and the threads a
/// middleware hands `next` to: read and changed only under the pass's lock, in short steps that
/// never call the middleware or the reducer.
@usableFromInline
struct MiddlewarePassProgress<AppState: Sendable, AppAction: Sendable> {
  @usableFromInline typealias Effect = StoreEffect<AppState, AppAction>

  /// The state the middleware sees: the store's state at the start of the pass, with the
  /// actions reduced since.
  @usableFromInline var state: AppState
  /// The number of the latest pass.
  @usableFromInline var generation: UInt64 = 0
  /// Whether pass ``generation`` is running.
  @usableFromInline var isRunning = false
  /// How many actions the pass has committed: a reduction that started from an older version
  /// lost a race and runs again.
  @usableFromInline var version: UInt64 = 0
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
    version = 0
    return generation
  }

  /// Ends the pass and hands over what it reduced, in order.
  @inlinable
  mutating func close() -> (first: Effect?, more: [Effect]?) {
    isRunning = false
    return (first.take(), more.take())
  }

  /// Whether pass `generation` is still running.
  @inlinable
  func isOpen(_ generation: UInt64) -> Bool {
    isRunning && self.generation == generation
  }

  /// The state to reduce into for pass `generation`, with the version it was taken at; `nil`
  /// once that pass has ended.
  @inlinable
  func snapshot(in generation: UInt64) -> (state: AppState, version: UInt64)? {
    isOpen(generation) ? (state, version) : nil
  }

  /// Keeps `state`, reduced by `action` from the snapshot taken at `version`, as the pass's
  /// state and as its next effect, unless the pass ended or another reduction came first.
  @inlinable
  mutating func commit(
    _ action: AppAction,
    _ state: AppState,
    in generation: UInt64,
    over version: UInt64
  ) -> MiddlewarePassCommit {
    guard isOpen(generation) else { return .ended }
    guard self.version == version else { return .superseded }
    self.state = state
    self.version &+= 1
    let effect = Effect.commit(action, state)
    if first == nil {
      first = effect
    } else if more == nil {
      more = [effect]
    } else {
      more?.append(effect)
    }
    return .committed
  }
}
