import Foundation

/// A thread-safe list of values that a test can wait on, without sleeping.
final class Recorder<Value: Sendable>: @unchecked Sendable {
  // Safe to send: `values` and `waiters` are only touched while `lock` is held.
  private let lock = NSLock()
  private var recorded: [Value] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  var values: [Value] {
    lock.withLock { recorded }
  }

  func append(_ value: Value) {
    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      recorded.append(value)
      let count = recorded.count
      let ready = waiters.filter { $0.count <= count }.map(\.continuation)
      waiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once at least `count` values were recorded.
  func waitFor(count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = lock.withLock {
        if recorded.count >= count { return true }
        waiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// A counter shared between threads.
final class Counter: @unchecked Sendable {
  // Safe to send: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }

  func decrement() { lock.withLock { count -= 1 } }
}
