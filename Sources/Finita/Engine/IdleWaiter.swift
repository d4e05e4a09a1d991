/// A caller of ``Feature/idle()`` waiting for the feature to have no work, kept by the
/// ``FeatureMachine`` until the feature is idle, is disposed, or the caller's task is
/// cancelled.
@usableFromInline
package struct IdleWaiter: Sendable {
  /// Which caller this is, so that its task's cancellation takes this waiter and no other.
  @usableFromInline package let id: UInt64
  /// The suspended caller.
  @usableFromInline let continuation: CheckedContinuation<Void, Never>

  /// A waiter for the caller `id`, suspended in `continuation`.
  @inlinable
  package init(id: UInt64, _ continuation: CheckedContinuation<Void, Never>) {
    self.id = id
    self.continuation = continuation
  }

  /// Lets the caller go on. Called once, after the lock is released.
  @inlinable
  package func resume() {
    continuation.resume()
  }
}
