/// The last value a subscriber received, for skipping duplicates.
@usableFromInline
final class LastDelivered<Value>: @unchecked Sendable {
  // Safe to send: only the store's processing thread touches it, one delivery at a time, and the
  // engine hands the processing token from thread to thread under its lock, ordering accesses.

  /// The value, at a stable address: reached through a `let` pointer, so a delivery needs no
  /// dynamic exclusivity check (only one delivery runs at a time).
  @usableFromInline let value: UnsafeMutablePointer<Value?>

  @usableFromInline
  init() {
    value = UnsafeMutablePointer<Value?>.allocate(capacity: 1)
    value.initialize(to: nil)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }
}
