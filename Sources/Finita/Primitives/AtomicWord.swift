import CFinitaAtomics

/// A machine word changed only by atomic operations, at a stable address.
///
/// The engine's processing token and its "look at the slow path" flags live in one such word
/// (see ``ControlFlag``), so the common case of a wish sent to an idle feature costs one
/// compare-and-swap to take the token and one to give it back.
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

  /// A word at `pointer`, which someone else allocated and frees (a feature's core keeps its
  /// words in its one allocation).
  @usableFromInline
  init(at pointer: UnsafeMutablePointer<Int>, value: Int) {
    self.pointer = pointer
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

  /// Replaces `expected` with `desired` when the word holds `expected`.
  @inlinable @inline(__always)
  func compareExchange(expected: Int, desired: Int) -> Bool {
    var expected = expected
    return finita_atomic_compare_exchange(pointer, &expected, desired)
  }

  /// Stores `value` and returns the previous value.
  @inlinable @inline(__always)
  func exchange(_ value: Int) -> Int {
    finita_atomic_exchange(pointer, value)
  }

  /// Sets the bits of `mask`; returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func setBits(_ mask: Int) -> Int {
    finita_atomic_fetch_or(pointer, mask)
  }

  /// Clears the bits of `mask`; returns the previous value.
  @inlinable @inline(__always) @discardableResult
  func clearBits(_ mask: Int) -> Int {
    finita_atomic_fetch_and(pointer, ~mask)
  }
}

/// The bits of a feature's control word.
///
/// The fast path runs only when the word is exactly `0` (claim) or exactly ``processing``
/// (release); any other bit sends the caller through the locked slow path, which handles it.
@usableFromInline
package enum ControlFlag {
  /// The processing token: set by the one thread that runs the definition's code.
  @inlinable package static var processing: Int { 1 }
  /// The shared queue holds items. Set and cleared only under the feature's lock.
  @inlinable package static var pending: Int { 2 }
  /// Observers were added or removed from outside; the token holder applies the changes.
  @inlinable package static var observersChanged: Int { 4 }
  /// The feature was disposed.
  @inlinable package static var disposed: Int { 8 }
  /// The Bootstrapper has not run yet: wishes are held.
  @inlinable package static var notStarted: Int { 16 }
  /// The feature shows a past state (time travel): wishes and effects are held.
  @inlinable package static var travelling: Int { 32 }
  /// Somebody waits in ``Feature/idle()``: the token holder gives the token back through the
  /// slow path, which resumes them once nothing is queued or running.
  @inlinable package static var idleWaiting: Int { 64 }
  /// A ``WorkMonitor`` watches the feature (under test): every step takes the slow path, which
  /// tells the monitor. Never cleared.
  @inlinable package static var monitored: Int { 128 }
  /// The token holder keeps PostProcessor actions of its own to process before it gives the
  /// token back (see `FeatureCore.keepPostProcessed`), so the lock-free release fails and the
  /// slow path processes them. Set and cleared only by the token holder.
  @inlinable package static var keptActions: Int { 256 }
}

extension AtomicWord: ControlWord {
  /// Sets ``ControlFlag/processing`` unless somebody holds it; whether this call set it. Called
  /// under the feature's lock, by the ``QueueStateMachine``.
  @inlinable
  package func claimToken() -> Bool {
    var word = load()
    while word & ControlFlag.processing == 0 {
      if compareExchange(expected: word, desired: word | ControlFlag.processing) {
        return true
      }
      word = load()
    }
    return false
  }
}
