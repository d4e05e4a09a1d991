import CFinitaAtomics

/// The one lock-free path of the engine: a caller that finds the feature idle takes the
/// processing token with one compare-and-swap, processes without the lock, and gives the token
/// back with the same compare-and-swap the other way.
///
/// The word is `0` when the ``FeatureMachine`` allows the fast path (started, nothing queued or
/// pending, nobody processing) and ``busy`` while a caller holds the token that way. Every step
/// of the machine first ``close()``s it under the lock, which tells the machine about a caller
/// busy on the fast path; afterwards ``update(open:attention:)`` opens it again only when the
/// machine allows it. A closed word makes both compare-and-swaps fail, so their callers take
/// the locked path, where the machine decides.
@usableFromInline
final class FastPath: @unchecked Sendable {
  // Safe to send: the word is only read and written through the atomic functions below.

  /// A caller holds the token on the fast path.
  @inlinable static var busy: Int { 1 }
  /// The machine decides: take the lock.
  @inlinable static var closed: Int { 2 }
  /// The token holder must apply the machine's checkpoint before its next delivery.
  @inlinable static var attention: Int { 4 }

  /// Its own allocation, so its address never moves.
  @usableFromInline let word: UnsafeMutablePointer<Int>

  /// A closed path: the feature is not started yet.
  @usableFromInline
  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: Self.closed)
  }

  deinit {
    word.deallocate()
  }

  /// Takes the token when the path is open and nobody holds it.
  @inlinable @inline(__always)
  func enter() -> Bool {
    swap(from: 0, to: Self.busy)
  }

  /// Gives the token back; `false` when a step closed the path meanwhile (the machine then
  /// knows who holds the token, and the caller asks it what comes next).
  @inlinable @inline(__always)
  func leave() -> Bool {
    swap(from: Self.busy, to: 0)
  }

  /// Whether the token holder must stop for the machine's checkpoint.
  @inlinable @inline(__always)
  var needsAttention: Bool {
    finita_atomic_load_relaxed(word) & Self.attention != 0
  }

  /// Closes the path before a step of the machine, under the lock. Returns whether a caller
  /// holds the token on the fast path, which the machine did not know.
  @inlinable
  func close() -> Bool {
    finita_atomic_fetch_or(word, Self.closed) == Self.busy
  }

  /// Opens the path after a step when the machine allows it, under the lock; otherwise keeps
  /// it closed, asking the token holder's attention when the machine needs it.
  @inlinable
  func update(open: Bool, attention: Bool) {
    let value = open ? 0 : Self.closed | (attention ? Self.attention : 0)
    finita_atomic_store_release(word, value)
  }

  @inlinable @inline(__always)
  func swap(from expected: Int, to desired: Int) -> Bool {
    var expected = expected
    return finita_atomic_compare_exchange(word, &expected, desired)
  }
}
