/// A caller of ``Feature/idle()`` waiting for the feature to have no work, kept by the
/// ``FeatureMachine`` until the feature is idle, is disposed, or the caller's task is
/// cancelled.
///
/// The testing module waits the same way for less: nothing queued and nobody processing, with
/// asynchronous work still running (``waitsForWork`` is `false`).
@usableFromInline
package struct IdleWaiter: Sendable {
  /// Which caller this is, so that its task's cancellation takes this waiter and no other.
  @usableFromInline package let id: UInt64
  /// Whether the caller also waits for every task of asynchronous work to end.
  @usableFromInline package let waitsForWork: Bool
  /// The suspended caller.
  @usableFromInline let continuation: CheckedContinuation<Void, Never>

  /// A waiter for the caller `id`, suspended in `continuation`; `waitsForWork`: whether it
  /// waits for the asynchronous work too, as ``Feature/idle()`` does.
  @inlinable
  package init(
    id: UInt64,
    waitsForWork: Bool = true,
    _ continuation: CheckedContinuation<Void, Never>
  ) {
    self.id = id
    self.waitsForWork = waitsForWork
    self.continuation = continuation
  }

  /// Lets the caller go on. Called once, after the lock is released.
  @inlinable
  package func resume() {
    continuation.resume()
  }
}
