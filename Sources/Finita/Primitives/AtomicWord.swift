import CFinitaAtomics

/// A machine word changed only by atomic operations, at a stable address.
///
/// What a ``Subscription`` and a ``FeatureEventLog`` publish with; the engine's own fast path is
/// ``FastPath``.
@usableFromInline
struct AtomicWord: @unchecked Sendable {
  // Safe to send: the word is only read and written through the atomic functions below.
  @usableFromInline let pointer: UnsafeMutablePointer<Int>

  /// Allocates the word; the owner calls ``deallocate()`` exactly once.
  @usableFromInline
  init(_ value: Int) {
    pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    pointer.initialize(to: value)
  }

  @usableFromInline
  func deallocate() {
    pointer.deallocate()
  }

  /// The value, ordered before the caller's later reads and writes.
  @inlinable @inline(__always)
  func load() -> Int {
    finita_atomic_load_acquire(pointer)
  }

  /// The value with no ordering: for flags whose data is then read under a lock.
  @inlinable @inline(__always)
  func loadRelaxed() -> Int {
    finita_atomic_load_relaxed(pointer)
  }

  /// Writes `value`; the caller's earlier reads and writes stay before it.
  @inlinable @inline(__always)
  func store(_ value: Int) {
    finita_atomic_store_release(pointer, value)
  }

  /// Stores `value` and returns the previous value.
  @inlinable @inline(__always)
  func exchange(_ value: Int) -> Int {
    finita_atomic_exchange(pointer, value)
  }

}
