/// Suspends the calling task until what it waits for resumes it, or until the task is cancelled:
/// the shape of every wait in Finita and its modules that a test's time limit must be able to
/// end (``Feature/idle()``, the testing module's waits).
///
/// The caller keeps the continuation in its own state, under its own lock; the cancellation
/// handler takes it back under the same lock. For no cancellation to be missed, `keep` checks
/// `Task.isCancelled` under that lock and does not keep the continuation when it is set: a
/// cancellation that came first is seen there, and one that comes after finds the continuation
/// kept.
///
/// - Parameters:
///   - keep: Keeps the continuation under the caller's lock and returns `true`, or returns
///     `false` to be resumed at once (what it waits for is there, or the task is cancelled).
///   - takeBack: Called once the task is cancelled: takes the continuation back under the same
///     lock and returns it to be resumed, or `nil` when it was resumed already.
package func waitUnlessCancelled(
  keep: (CheckedContinuation<Void, Never>) -> Bool,
  takeBack: @escaping @Sendable () -> CheckedContinuation<Void, Never>?
) async {
  await withTaskCancellationHandler {
    await withCheckedContinuation { continuation in
      if !keep(continuation) { continuation.resume() }
    }
  } onCancel: {
    takeBack()?.resume()
  }
}
