import Foundation

/// Collects what entry and exit actions did. Actions are `@Sendable` closures, so the log is a
/// lock box; it is `@unchecked Sendable` because every access to `entries` holds `lock`.
final class ActionLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []

  func append(_ entry: String) {
    lock.lock()
    defer { lock.unlock() }
    entries.append(entry)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return entries
  }
}
