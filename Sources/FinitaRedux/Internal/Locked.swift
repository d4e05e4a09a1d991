import Foundation

/// A value behind an `NSLock`: the one place where FinitaRedux keeps shared mutable state of its
/// own (the engine keeps the store's state).
final class Locked<Value>: @unchecked Sendable {
  // Safe to send: `value` is only read or written inside `withLock`, which holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
