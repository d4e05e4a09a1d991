/// Whether the caller runs on the main queue, that is, on the main actor's executor.
///
/// The adapters use it to update UI models synchronously when a feature already processes on the
/// main actor, and to hop there otherwise.
package func isOnMainActorExecutor() -> Bool {
  isMainThread()
}
