import Finita

/// How middleware, thunks and late `next` calls reach the store's feature.
///
/// The definition is created before the feature that runs it, so it cannot hold the feature
/// directly; the store connects the link right after creating the feature. The reference is weak:
/// work that outlives the store finds nothing and does nothing.
///
/// Sending a command and reading the state are inlinable, so that an action a middleware or a
/// thunk dispatches is queued by code specialized in the client.
@usableFromInline
final class StoreLink<AppState: Sendable, AppAction: Sendable>: Sendable {
  @usableFromInline typealias Engine = Feature<StoreDefinition<AppState, AppAction>>

  @usableFromInline let contents = LockedValue(StoreLinkContents<AppState, AppAction>())

  init() {}

  func connect(_ feature: Engine) {
    contents.withLock { $0.feature = feature }
  }

  /// The store's feature, or `nil` once the store is gone.
  @inlinable
  var feature: Engine? {
    contents.withLock { $0.feature }
  }

  /// Sends a command to the feature, queued behind whatever it is processing.
  @inlinable
  func send(_ command: StoreCommand<AppState, AppAction>) {
    feature?.accept(command)
  }

  /// The store's current state, or `nil` once the store is gone.
  @inlinable
  var state: AppState? {
    feature?.state.present
  }

  /// Starts `thunk` and returns its handle.
  func start(_ thunk: Thunk<AppState, AppAction>) -> ThunkTask {
    let key = contents.withLock { contents in
      contents.lastThunkKey &+= 1
      return contents.lastThunkKey
    }
    send(.thunk(thunk, key: key))
    return ThunkTask { [weak self] in self?.send(.cancelThunks(ThunkKey(task: key))) }
  }
}
