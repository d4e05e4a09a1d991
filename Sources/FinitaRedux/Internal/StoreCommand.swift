import Finita

/// What the store's feature accepts: the store's public operations, as one wish type.
///
/// Commands with large payloads (thunks, their keys, a restored state) are boxed in ``Boxed``,
/// so that a command is no larger than an action and an index: client code then copies it
/// inline, where a larger enum would be copied through its runtime value witnesses.
@usableFromInline
package enum StoreCommand<AppState: Sendable, AppAction: Sendable>: Sendable {
  /// An action dispatched by the app, a middleware or a thunk: it goes through the middleware.
  case dispatch(AppAction)
  /// An action a middleware passed to `next` after its synchronous run ended (a delay, say): it
  /// continues through the chain from the middleware after that one.
  case resume(AppAction, at: Int)
  case undo
  case redo
  case jump(to: Int)
  case boxed(Boxed)

  /// A command with a large payload.
  @usableFromInline
  package final class Boxed: Sendable {
    enum Command: Sendable {
      case thunk(Thunk<AppState, AppAction>, key: UInt64)
      case cancelThunks(ThunkKey)
      case restore(AppState)
    }

    let command: Command

    init(_ command: Command) {
      self.command = command
    }

    /// The state of a `restore` command; `nil` for the others.
    package var restoredState: AppState? {
      if case .restore(let state) = command { state } else { nil }
    }
  }

  static func thunk(_ thunk: Thunk<AppState, AppAction>, key: UInt64) -> Self {
    .boxed(Boxed(.thunk(thunk, key: key)))
  }

  static func cancelThunks(_ key: ThunkKey) -> Self {
    .boxed(Boxed(.cancelThunks(key)))
  }

  static func restore(_ state: AppState) -> Self {
    .boxed(Boxed(.restore(state)))
  }
}
