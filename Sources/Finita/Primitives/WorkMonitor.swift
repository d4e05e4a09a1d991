/// A change counter that tasks can wait on: the engine's signal to the testing module that a
/// feature's work moved (the token was given back, a task ended, a task fell asleep on a clock).
///
/// A waiter reads ``generation``, checks what it waits for, and calls ``wait(after:)`` with the
/// generation it read: a change made between the check and the wait returns at once, so no
/// change is lost, and nobody polls.
@usableFromInline
package final class WorkMonitor: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter: UInt64 = 0
  }

  private let state = LockedValue(State())

  /// Creates a monitor with no change recorded.
  package init() {}

  /// How many changes were recorded.
  package var generation: UInt64 {
    state.withLock { $0.generation }
  }

  /// Records a change and resumes everybody waiting.
  @usableFromInline
  package func changed() {
    let waiters = state.withLock { state in
      state.generation &+= 1
      defer { state.waiters = [:] }
      return state.waiters.values
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once ``generation`` differs from `generation` (at once when it already does), or
  /// when the calling task is cancelled.
  package func wait(after generation: UInt64) async {
    let id = state.withLock { state in
      state.nextWaiter &+= 1
      return state.nextWaiter
    }
    await waitUnlessCancelled { continuation in
      state.withLock { state in
        if state.generation != generation || Task.isCancelled { return false }
        state.waiters[id] = continuation
        return true
      }
    } takeBack: { [state] in
      state.withLock { $0.waiters.removeValue(forKey: id) }
    }
  }
}

/// The asynchronous work of a feature that the current task belongs to: set by the engine for
/// each task of work it starts, inherited by the tasks that work creates, read by the testing
/// module's clock to tell which work is asleep on it.
package enum FeatureWork {
  /// The identifier of the work the current task runs for, or `nil` outside any feature's work.
  @TaskLocal package static var current: UInt64?
}
