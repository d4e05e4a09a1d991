/// A token for a callback subscription to a feature's states or news.
///
/// Cancelling it, or releasing the last reference to it, ends the subscription.
///
/// ```swift
/// var subscriptions: [Subscription] = []
/// feature.observeState { state in render(state) }.store(in: &subscriptions)
/// ```
public final class Subscription: Sendable, Hashable {
  private let onCancel: LockedBox<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `onCancel` once, when cancelled or released.
  ///
  /// - Parameter onCancel: What ending the subscription does.
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockedBox(onCancel)
  }

  deinit {
    cancel()
  }

  /// Ends the subscription. Calling it again does nothing.
  public func cancel() {
    let action = onCancel.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
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
