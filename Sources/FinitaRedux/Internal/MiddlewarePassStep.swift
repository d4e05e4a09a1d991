/// What a thread that passed an action to a ``MiddlewarePass``'s reducer does next, as the
/// pass's ``MiddlewarePassProgress`` decided under its lock.
@usableFromInline
enum MiddlewarePassStep<AppState: Sendable, AppAction: Sendable> {
  /// Run the reducer for the action on this copy of the pass's state, then commit it.
  case reduce(AppAction, AppState)
  /// Another thread is reducing into the pass: it reduces the action after its own.
  case leftToReducingThread
  /// The pass has ended: send the action to the store, queued, to be reduced there.
  case sendToStore
  /// Nothing is waiting to be reduced.
  case done
  /// Nothing is waiting to be reduced, and the processing thread waits for this to end the
  /// pass: wake it.
  case doneWakingTheEnd
}
