import Foundation

/// A counter shared between threads.
final class Counter: @unchecked Sendable {
  // Safe to send: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }

  func decrement() { lock.withLock { count -= 1 } }
}
