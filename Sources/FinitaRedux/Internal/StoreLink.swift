import Finita

/// How middleware, thunks and late `next` calls reach the store's feature.
///
/// The definition is created before the feature that runs it, so it cannot hold the feature
/// directly; the store (or the tool running a ``StoreFeature``) connects the link right after
/// creating the feature. The reference is weak: work that outlives the store finds nothing and
/// does nothing.
///
/// Sending a command and reading the state go through closures the connection made, so that one
/// link serves a ``Store``'s feature and the feature a tool made for a ``StoreFeature``.
@usableFromInline
final class StoreLink<AppState: Sendable, AppAction: Sendable>: Sendable {
  @usableFromInline let contents = LockedValue(StoreLinkContents<AppState, AppAction>())

  init() {}

  /// Connects the link to the feature that runs the store's definition: a ``Store``'s own, or
  /// one a tool made for a ``StoreFeature``.
  ///
  /// - Parameters:
  ///   - feature: The feature; held weakly.
  ///   - wish: The feature's wish for a command.
  func connect<Definition: FeatureDefinition>(
    _ feature: Feature<Definition>,
    wish: @escaping @Sendable (StoreCommand<AppState, AppAction>) -> Definition.Wish
  ) where Definition.State == StoreHistory<AppState> {
    contents.withLock { contents in
      contents.send = { [weak feature] command in feature?.accept(wish(command)) }
      contents.state = { [weak feature] in feature?.state.present }
    }
  }

  /// Sends a command to the feature, queued behind whatever it is processing.
  @inlinable
  func send(_ command: StoreCommand<AppState, AppAction>) {
    contents.withLock { $0.send }?(command)
  }

  /// The store's current state, or `nil` once the store is gone.
  @inlinable
  var state: AppState? {
    contents.withLock { $0.state }?()
  }

  /// A key for a new run of a thunk, never used before by this link.
  func nextThunkKey() -> UInt64 {
    contents.withLock { contents in
      contents.lastThunkKey &+= 1
      return contents.lastThunkKey
    }
  }

  /// Starts `thunk` and returns its handle.
  func start(_ thunk: Thunk<AppState, AppAction>) -> ThunkTask {
    let key = nextThunkKey()
    send(.thunk(thunk, key: key))
    return ThunkTask { [weak self] in self?.send(.cancelThunks(ThunkKey(task: key))) }
  }
}
