#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A value protected by a platform mutex: the one lock of Finita and its modules.
///
/// The engine keeps what its threads share under it (the queue, tasks, observer changes); the
/// composition, adapter, Redux, recording and inspector modules use the same type for their own
/// shared values. `body` must not call user code: no Finita lock is held while user code runs.
///
/// The engine uses the operating system's cheapest lock (`os_unfair_lock` on Apple platforms,
/// `pthread_mutex_t` elsewhere) rather than `Synchronization.Mutex`, which needs macOS 15 and
/// measured slower on this toolchain, or `NSLock`, which would pull Foundation into the engine.
@usableFromInline
package final class LockedValue<Value>: @unchecked Sendable {
  // Safe to send: the value is only read or written inside `withLock`, which holds the mutex.

  /// The mutex and the value, in one allocation this box owns.
  @usableFromInline let cell: LockedCell<Value>

  /// Creates the box with its first value.
  @usableFromInline
  package init(_ value: Value) {
    var layout = RawLayout()
    let mutexOffset = layout.place(LockedCell<Value>.Primitive.self)
    let valueOffset = layout.place(Value.self)
    let memory = layout.allocate()
    cell = LockedCell(
      value, mutex: memory.at(mutexOffset), storage: memory.at(valueOffset))
  }

  deinit {
    cell.deinitialize()
    UnsafeMutableRawPointer(cell.mutex).deallocate()
  }

  /// Runs `body` with exclusive access to the value. `body` must not call user code.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try cell.withLock(body)
  }
}

/// A value and its platform mutex at addresses someone else allocated and frees: a
/// ``LockedValue``'s one allocation, or a feature core's.
@usableFromInline
struct LockedCell<Value>: @unchecked Sendable {
  // Safe to send: the value is only read or written inside `withLock`, which holds the mutex.

  #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
  #else
    @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  /// The mutex, at a stable address: a pthread mutex must never move.
  @usableFromInline let mutex: UnsafeMutablePointer<Primitive>
  /// The value, at a stable address: reached through a `let` pointer, so accesses need no
  /// dynamic exclusivity check (the lock already makes them exclusive).
  @usableFromInline let storage: UnsafeMutablePointer<Value>

  /// Initializes the mutex and the value in place.
  @usableFromInline
  init(
    _ value: Value, mutex: UnsafeMutablePointer<Primitive>, storage: UnsafeMutablePointer<Value>
  ) {
    self.mutex = mutex
    self.storage = storage
    storage.initialize(to: value)
    #if canImport(Darwin)
      mutex.initialize(to: os_unfair_lock())
    #else
      mutex.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(mutex, nil)
      precondition(status == 0, "Internal inconsistency: pthread_mutex_init failed (\(status))")
    #endif
  }

  /// Destroys the mutex and ends the value; the memory stays its owner's.
  @usableFromInline
  func deinitialize() {
    #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    storage.deinitialize(count: 1)
  }

  /// Runs `body` with exclusive access to the value. `body` must not call user code.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
      defer { os_unfair_lock_unlock(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&storage.pointee)
  }
}

/// Places values of several types one after another in one raw allocation, each at its
/// alignment: how the engine keeps a feature's words, lock and states in one `malloc`.
@usableFromInline
struct RawLayout {
  @usableFromInline var byteCount = 0
  @usableFromInline var alignment = 1

  @usableFromInline
  init() {}

  /// Reserves room for `count` values of `type`; returns their offset.
  @usableFromInline
  mutating func place<T>(_ type: T.Type, count: Int = 1) -> Int {
    let align = MemoryLayout<T>.alignment
    let offset = (byteCount + align - 1) / align * align
    byteCount = offset + MemoryLayout<T>.stride * count
    alignment = Swift.max(alignment, align)
    return offset
  }

  /// Allocates the memory; the first offset is its start, so freeing the pointer of the first
  /// value placed frees it all.
  @usableFromInline
  func allocate() -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: alignment)
  }
}

extension UnsafeMutableRawPointer {
  /// The memory at `offset`, bound to `count` values of `T`.
  @usableFromInline
  func at<T>(_ offset: Int, count: Int = 1) -> UnsafeMutablePointer<T> {
    (self + offset).bindMemory(to: T.self, capacity: count)
  }
}
