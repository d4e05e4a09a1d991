/// A token for a callback subscription to a feature's states or news.
///
/// Cancelling it, or releasing the last reference to it, ends the subscription.
///
/// ```swift
/// var subscriptions: [Subscription] = []
/// feature.observeState { state in render(state) }.store(in: &subscriptions)
/// ```
public final class Subscription: @unchecked Sendable, Hashable {
  // Safe to send: `onCancel` is only read or written by the one call that wins `state`'s
  // exchange from 0 to 1 (a cancel, or the deinitializer, which no other reference can race).

  /// `0` while active, `1` once ended; its own allocation, so its address never moves.
  @usableFromInline let state: AtomicWord
  @usableFromInline var onCancel: (@Sendable () -> Void)?

  /// Creates a subscription that runs `onCancel` once, when cancelled or released.
  ///
  /// - Parameter onCancel: What ending the subscription does.
  @inlinable
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    state = AtomicWord(0)
    self.onCancel = onCancel
  }

  deinit {
    cancel()
    state.deallocate()
  }

  /// Ends the subscription. Calling it again does nothing.
  @inlinable
  public func cancel() {
    guard state.exchange(1) == 0, let onCancel = onCancel.take() else { return }
    onCancel()
  }

  /// Keeps this subscription alive in `collection` until the collection is emptied or released.
  ///
  /// - Parameter collection: Where to keep it.
  public func store(in collection: inout [Subscription]) {
    collection.append(self)
  }

  /// Keeps this subscription alive in `set` until the set is emptied or released.
  ///
  /// - Parameter set: Where to keep it.
  public func store(in set: inout Set<Subscription>) {
    set.insert(self)
  }

  /// Whether two tokens are the same subscription.
  ///
  /// - Parameters:
  ///   - lhs: A subscription.
  ///   - rhs: Another subscription.
  /// - Returns: `true` for the same object.
  public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  /// Hashes the subscription's identity.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
