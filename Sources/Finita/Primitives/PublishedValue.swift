/// The latest value written by one writer, readable from any thread, published without a lock.
///
/// A feature's state is written by the thread that holds the processing token (one writer at a
/// time) after every effect, and read by ``Feature/state`` from anywhere. Publishing must be
/// cheap because it happens on every wish, so this is a triple buffer: three slots, of which the
/// writer owns one (its `back` index), the readers own one (their `front` index), and the third
/// (`middle`) holds the latest published value. Publishing writes the back slot and swaps it with
/// the middle one in a single atomic exchange; a reader swaps the middle slot with its front slot
/// when a newer value is there, then copies the front slot, which no writer touches. Nobody waits
/// for anybody, and a slot is never read while it is written.
///
/// The owner keeps `back` where only the writer reaches it and `front` under a lock the readers
/// share, and calls ``deallocate()`` once. The two slots that are not the latest keep older
/// values alive until they are overwritten.
@usableFromInline
struct PublishedValue<Value>: @unchecked Sendable {
  // Safe to send: the slots are partitioned between the writer (back), the readers (front) and
  // the exchange (middle), and ownership moves only through the atomic `middle` word; see the
  // type's documentation.

  /// Set in `middle` when its slot holds a value no reader has taken yet.
  @inlinable static var fresh: Int { 4 }
  /// The writer's first slot.
  @inlinable static var initialBack: Int { 2 }
  /// The readers' first slot.
  @inlinable static var initialFront: Int { 0 }

  @usableFromInline let slots: UnsafeMutablePointer<Value>
  /// The index of the middle slot, plus ``fresh``.
  @usableFromInline let middle: AtomicWord

  @usableFromInline
  init(_ value: Value) {
    slots = UnsafeMutablePointer<Value>.allocate(capacity: 3)
    slots.initialize(repeating: value, count: 3)
    middle = AtomicWord(1)
  }

  /// A published value in memory someone else allocated and frees: three slots at `slots` and
  /// the exchange word at `middle`. End it with ``deinitialize()``.
  @usableFromInline
  init(_ value: Value, slots: UnsafeMutablePointer<Value>, middle: UnsafeMutablePointer<Int>) {
    self.slots = slots
    slots.initialize(repeating: value, count: 3)
    self.middle = AtomicWord(at: middle, value: 1)
  }

  @usableFromInline
  func deallocate() {
    slots.deinitialize(count: 3)
    slots.deallocate()
    middle.deallocate()
  }

  /// Ends the slots' values of a published value made with
  /// ``init(_:slots:middle:)``; the memory stays its owner's.
  @usableFromInline
  func deinitialize() {
    slots.deinitialize(count: 3)
  }

  /// Makes `value` the latest. Only the writer calls it, with its own `back` index.
  @inlinable
  func publish(_ value: Value, back: inout Int) {
    slots[back] = value
    back = middle.exchange(back | Self.fresh) & 3
  }

  /// The latest published value. Readers call it one at a time, with their shared `front` index.
  @inlinable
  func read(front: inout Int) -> Value {
    if middle.load() & Self.fresh != 0 {
      front = middle.exchange(front) & 3
    }
    return slots[front]
  }
}
