import Foundation

/// A value behind a lock, for test bookkeeping across threads.
package final class Locked<Value>: @unchecked Sendable {
  // Safe to send: every access to `stored` holds `lock`.
  private let lock = NSLock()
  private var stored: Value

  package init(_ value: Value) { stored = value }

  package var value: Value { lock.withLock { stored } }

  package func set(_ value: Value) { lock.withLock { stored = value } }

  @discardableResult
  package func modify<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}

/// Records values delivered by callbacks, and lets a test wait for a number of them.
package final class Recorder<Value: Sendable>: Sendable {
  private struct Waiter {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private let storage = Locked<(values: [Value], waiters: [Waiter])>(([], []))

  package init() {}

  package var values: [Value] { storage.value.values }

  package func append(_ value: Value) {
    let ready = storage.modify { storage -> [Waiter] in
      storage.values.append(value)
      let ready = storage.waiters.filter { storage.values.count >= $0.count }
      storage.waiters.removeAll { storage.values.count >= $0.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once at least `count` values were recorded. Never sleeps.
  package func waitFor(count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = storage.modify { storage -> Bool in
        if storage.values.count >= count { return true }
        storage.waiters.append(Waiter(count: count, continuation: continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// Fails the test if two threads are inside the guarded code at once.
package final class ConcurrencyGuard: Sendable {
  private let inside = Locked(0)
  package let violations = Locked(0)

  package init() {}

  package func enter() {
    inside.modify { count in
      count += 1
      if count > 1 { violations.modify { $0 += 1 } }
    }
  }

  package func leave() { inside.modify { $0 -= 1 } }
}

/// A one-shot gate standing for I/O in tests: `wait()` suspends until `open()`, with no
/// sleeping and no polling.
package final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  package init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  /// Returns once the gate is open.
  package func wait() async {
    for await _ in stream { return }
  }

  /// Opens the gate for every waiter, now and later.
  package func open() {
    continuation.yield()
    continuation.finish()
  }
}

/// Runs `body(0)`, `body(1)`, … `body(count - 1)` each on a thread of its own, all at once, and
/// returns when every one has returned.
///
/// For tests whose roles must overlap (threads that send while others read). The caller's task is
/// suspended meanwhile, so it holds no thread of the concurrency pool: that pool has one thread per
/// processor, and a test blocking one of them while its threads run keeps other tests, and the
/// features' own tasks, waiting on a machine with one or two processors. Not
/// `DispatchQueue.concurrentPerform`: it runs only as many iterations at a time as there are
/// processors, on one processor all of them one after another on the caller's thread, so a role
/// that waits for another never returns.
///
/// Thread tests take turns (``ThreadTestTurns``).
package func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  await ThreadTestTurns.shared.withTurn {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let group = DispatchGroup()
      for index in 0..<count {
        group.enter()
        Thread {
          body(index)
          group.leave()
        }.start()
      }
      group.notify(queue: .global()) { continuation.resume() }
    }
  }
}

/// Runs `body` on a thread of its own and returns its result, the caller's task suspended
/// meanwhile.
///
/// For a test that blocks (waits on a semaphore, or for a thread it started): blocking on the
/// test's own thread would hold a thread of the concurrency pool, which the features' tasks and
/// the other tests need (see ``runOnThreads(_:_:)``). The body runs in the caller's task, so an
/// expectation that fails in it is reported for the test that made it. Thread tests take turns
/// (``ThreadTestTurns``).
package func onThreadOfItsOwn<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) async -> Result {
  await ThreadTestTurns.shared.withTurn {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return await withTaskExecutorPreference(ThreadPerJob()) { body() }
    }
    return await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}

/// An executor that runs each job it is given on a new thread, none of the concurrency pool's.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class ThreadPerJob: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}

/// Lets the tests that run threads of their own (``runOnThreads(_:_:)``,
/// ``onThreadOfItsOwn(_:)``) run one at a time, in the order they asked; a test waiting for its
/// turn is suspended, holding no thread.
///
/// Started together, the thread tests' threads outnumbered the processors many times over, and
/// those that spin while they wait for another thread took the processors from everything else:
/// under ThreadSanitizer on two processors, 20 tests that take milliseconds went past their
/// one-minute limits. Taking turns, at most one test's threads compete with the pool's.
///
/// A test's time limit runs while it waits for its turn, behind every thread test that asked
/// before it: the suites that hold thread tests allow 10 minutes (`.threadTestsTimeLimit`).
package final class ThreadTestTurns: @unchecked Sendable {
  // Safe to send: every access to `busy` and `waiting` holds `lock`.
  private let lock = NSLock()
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// The turns every thread test takes.
  package static let shared = ThreadTestTurns()

  /// Whether the current task holds a turn (``withTurn(_:)``): its thread tests need no other.
  @TaskLocal static var isHeld = false

  /// Runs `body` in one turn: a test that runs threads several times (rounds of a race) waits in
  /// line once, not once a round.
  package func withTurn<Result: Sendable>(
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    if Self.isHeld { return try await body() }
    await take()
    defer { give() }
    return try await Self.$isHeld.withValue(true) { try await body() }
  }

  /// Returns when it is the caller's turn.
  func take() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = lock.withLock {
        if busy {
          waiting.append(continuation)
          return false
        }
        busy = true
        return true
      }
      if now { continuation.resume() }
    }
  }

  /// Ends the caller's turn: the next in line takes it.
  func give() {
    let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      if waiting.isEmpty {
        busy = false
        return nil
      }
      return waiting.removeFirst()
    }
    next?.resume()
  }
}
