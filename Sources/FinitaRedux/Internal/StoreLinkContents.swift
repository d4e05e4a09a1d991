import Finita

/// What a ``StoreLink`` guards with its lock: how to reach the store's feature, and the last
/// thunk key.
@usableFromInline
struct StoreLinkContents<AppState: Sendable, AppAction: Sendable> {
  /// Sends a command to the store's feature; `nil` until connected, and a no-op once the
  /// feature is gone (it is held weakly).
  @usableFromInline var send: (@Sendable (StoreCommand<AppState, AppAction>) -> Void)?
  /// Reads the store's current state; `nil` until connected or once the feature is gone.
  @usableFromInline var state: (@Sendable () -> AppState?)?
  @usableFromInline var lastThunkKey: UInt64 = 0

  @usableFromInline
  init() {}
}
