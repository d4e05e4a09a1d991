/// What was done to the store's state: the Reducer stage's input.
@usableFromInline
package enum StoreEffect<AppState: Sendable, AppAction: Sendable>: Sendable {
  /// Reduce this action now.
  case reduce(AppAction)
  /// The middleware pass already reduced this action into this state; commit it.
  case commit(AppAction, AppState)
  case undo
  case redo
  case jump(to: Int)
  case restore(AppState)
}
