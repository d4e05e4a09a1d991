/// A token for a callback subscription to a feature's states or news.
///
/// Cancelling it, or releasing the last reference to it, ends the subscription.
///
/// ```swift
/// var subscriptions: [Subscription] = []
/// feature.observeState { state in render(state) }.store(in: &subscriptions)
/// ```
public final class Subscription: Sendable, Hashable {
  /// What ending the subscription does; taken by the first cancel.
  private let onCancel: LockedValue<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `onCancel` once, when cancelled or released.
  ///
  /// - Parameter onCancel: What ending the subscription does.
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockedValue(onCancel)
  }

  deinit {
    cancel()
  }

  /// Ends the subscription. Calling it again, from any thread, does nothing.
  public func cancel() {
    // Taken under the lock, run after it: `onCancel` is the user's or the engine's code.
    onCancel.withLock { $0.take() }?()
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
