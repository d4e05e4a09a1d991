import Finita

/// What a ``StoreLink`` guards with its lock: the store's feature, typed, and the last thunk key.
@usableFromInline
struct StoreLinkContents<AppState: Sendable, AppAction: Sendable> {
  @usableFromInline weak var feature: Feature<StoreDefinition<AppState, AppAction>>?
  @usableFromInline var lastThunkKey: UInt64 = 0

  @usableFromInline
  init() {}
}
