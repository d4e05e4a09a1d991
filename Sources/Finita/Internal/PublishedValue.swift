/// The latest value written by one writer, readable from any thread, published without a lock.
///
/// A feature's state is written by the thread that holds the processing token (one writer at a
/// time) after every effect, and read by ``Feature/state`` from anywhere. Publishing must be
/// cheap because it happens on every wish, so this is a triple buffer: three slots, of which the
/// writer owns one (`back`), the readers own one (`front`), and the third (`middle`) holds the
/// latest published value. Publishing writes the back slot and swaps it with the middle one in
/// a single atomic exchange; a reader swaps the middle slot with its front slot when a newer
/// value is there, then copies the front slot, which no writer touches. Nobody waits for
/// anybody, and a slot is never read while it is written.
///
/// Readers take a lock among themselves, because they share the front slot. The two slots that
/// are not the latest keep older values alive until they are overwritten.
@usableFromInline
final class PublishedValue<Value>: @unchecked Sendable {
  // Safe to send: the slots are partitioned between the writer (back), the readers (front,
  // under `readers`' lock) and the exchange (middle), and ownership moves only through the
  // atomic `middle` word; see the type's documentation.

  /// Set in `middle` when its slot holds a value no reader has taken yet.
  @inlinable static var fresh: Int { 4 }

  @usableFromInline let slots: UnsafeMutablePointer<Value>
  /// The index of the middle slot, plus ``fresh``.
  @usableFromInline let middle: AtomicWord
  /// The index of the writer's slot; only the token holder reads or writes it.
  @usableFromInline let back: UnsafeMutablePointer<Int>
  /// The index of the readers' slot.
  @usableFromInline let readers: LockedBox<Int>

  @usableFromInline
  init(_ value: Value) {
    slots = UnsafeMutablePointer<Value>.allocate(capacity: 3)
    slots.initialize(repeating: value, count: 3)
    readers = LockedBox(0)
    middle = AtomicWord(1)
    back = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    back.initialize(to: 2)
  }

  deinit {
    slots.deinitialize(count: 3)
    slots.deallocate()
    back.deallocate()
    middle.deallocate()
  }

  /// Makes `value` the latest. Only the token holder calls it.
  @inlinable
  func publish(_ value: Value) {
    let slot = back.pointee
    slots[slot] = value
    back.pointee = middle.exchange(slot | Self.fresh) & 3
  }

  /// The latest published value.
  @inlinable
  func read() -> Value {
    readers.withLock { front in
      if middle.load() & Self.fresh != 0 {
        front = middle.exchange(front) & 3
      }
      return slots[front]
    }
  }
}
