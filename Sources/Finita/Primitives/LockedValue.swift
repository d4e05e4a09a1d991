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

  #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
  #else
    @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  /// The mutex, in its own allocation: a pthread mutex must never move.
  @usableFromInline let mutex: UnsafeMutablePointer<Primitive>
  /// Not checked dynamically: the mutex already makes every access exclusive.
  @exclusivity(unchecked) @usableFromInline var value: Value

  /// Creates the box with its first value.
  @usableFromInline
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    #if canImport(Darwin)
      mutex.initialize(to: os_unfair_lock())
    #else
      mutex.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(mutex, nil)
      precondition(status == 0, "Internal inconsistency: pthread_mutex_init failed (\(status))")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value. `body` must not call user code.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
      defer { os_unfair_lock_unlock(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&value)
  }
}
