import Dispatch
import Finita
import Foundation

/// The executor a ``FeatureTester`` runs its feature's asynchronous work on: one thread of its
/// own, and the knowledge of when all of that work is suspended.
///
/// Every task of the feature's work prefers this executor (a task executor, SE-0417), and so do
/// the child tasks it makes, so whenever a part of the work can run (it starts, the clock or
/// I/O resumes it, a child task ends, it leaves an actor) a job is enqueued here. The executor
/// counts the jobs enqueued and not yet run: when none is left it is *quiet*, and no part of the
/// work can run again until something outside resumes it. ``quiet()`` waits for that moment,
/// ``busy(after:)`` for the next job after it.
///
/// Neither wait polls or gives up: a waiter checks and is kept under the lock the jobs are
/// counted under, so a job enqueued between the check and the wait is not missed, and whoever
/// changes the count resumes the waiters. ``generation`` counts every job enqueued, so a caller
/// can tell whether anything ran between two moments.
///
/// ```swift
/// let executor = WorkExecutor()
/// let task = Task(executorPreference: executor) { await work() }
/// await executor.quiet()  // `work` has finished, or waits for something outside
/// ```
///
/// The jobs run one at a time, in the order they were enqueued, except while a tester's step
/// holds them (``holdingJobs(_:)``). ``stop()`` ends the thread once the jobs queued before it
/// ran; jobs enqueued later (work ending after the tester went away) go to the global
/// concurrent executor.
///
/// An executor made with ``init(runningJobsOnDemand:)`` has no thread: its jobs wait until the
/// owner runs them with ``runQueuedJobs()``, on the owner's own thread. The explorer settles
/// its feature this way after each of its hundreds of thousands of steps, without handing the
/// work to another thread and waiting to be resumed.
package final class WorkExecutor: Executor, Sendable {
  private typealias Waiter = (id: UInt64, continuation: CheckedContinuation<Void, Never>)

  private struct State {
    var jobs = RingBuffer<UnownedJob>()
    /// Jobs enqueued and not yet run to their end: the queued ones and the one running.
    var unfinished = 0
    /// Every job enqueued and every activity noted, counted.
    var generation: UInt64 = 0
    /// Whether queued jobs wait for ``holdingJobs(_:)`` to return.
    var isHeld = false
    var isStopped = false
    /// The executor's thread, once it started.
    var thread: ObjectIdentifier?
    var lastWaiterID: UInt64 = 0
    var quietWaiters: [Waiter] = []
    /// Kept only while ``generation`` is the one they read: the next activity resumes all.
    var busyWaiters: [Waiter] = []

    /// Counts one more activity and returns the callers of ``busy(after:)`` it resumes.
    mutating func countActivity() -> [Waiter] {
      generation &+= 1
      defer { busyWaiters = [] }
      return busyWaiters
    }

    mutating func makeWaiterID() -> UInt64 {
      lastWaiterID &+= 1
      return lastWaiterID
    }
  }

  private let state = LockedValue(State())
  /// Rung when a job may run or the executor stops: for each job queued, when jobs are no
  /// longer held, and by ``stop()``. `nil` for an executor whose owner runs its jobs.
  private let wakeUp: DispatchSemaphore?

  /// Creates the executor and starts its thread.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  package init() {
    wakeUp = DispatchSemaphore(value: 0)
    // The thread keeps the executor until it stops.
    let thread = Thread { [self] in
      // For debuggers; named from inside, as Linux ignores a name set before the start.
      Thread.current.name = "FinitaTesting"
      state.withLock { $0.thread = ObjectIdentifier(Thread.current) }
      runJobs()
    }
    // Jobs run the feature's code, which may recurse as deep as on the global executor.
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Creates an executor without a thread, whose jobs run when its owner calls
  /// ``runQueuedJobs()``.
  ///
  /// ``quiet()`` and ``busy(after:)`` are for executors with a thread: a queued job that
  /// nobody runs keeps ``quiet()`` waiting.
  ///
  /// - Parameter runningJobsOnDemand: Marks this form; pass `()`.
  package init(runningJobsOnDemand: Void) {
    wakeUp = nil
  }

  /// Queues `job` for the executor's thread; once stopped, hands it to the global concurrent
  /// executor.
  ///
  /// - Parameter job: A part of the work that can run.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let woken = state.withLock { state -> [Waiter]? in
      if state.isStopped { return nil }
      state.jobs.append(job)
      state.unfinished += 1
      return state.countActivity()
    }
    guard let woken else { return Self.handOn(job) }
    wakeUp?.signal()
    for waiter in woken { waiter.continuation.resume() }
  }

  /// How many jobs were enqueued and activities noted since the executor was created.
  package var generation: UInt64 {
    state.withLock { $0.generation }
  }

  /// ``generation`` when no job is queued or running now; `nil` while one is.
  ///
  /// A caller that read a quiet generation and later reads the same one knows the executor
  /// stayed quiet all along: any job enqueued in between would have changed it.
  package var quietGeneration: UInt64? {
    state.withLock { $0.unfinished == 0 ? $0.generation : nil }
  }

  /// Whether the caller runs on the executor's thread: inside one of its jobs.
  package var isCurrentThread: Bool {
    let current = ObjectIdentifier(Thread.current)
    return state.withLock { $0.thread == current }
  }

  /// How many callers wait in ``quiet()`` and in ``busy(after:)``, for tests that must act
  /// only once a caller waits.
  package var waiterCounts: (quiet: Int, busy: Int) {
    state.withLock { ($0.quietWaiters.count, $0.busyWaiters.count) }
  }

  /// Returns once no job is queued or running: at once when none is, otherwise when the last
  /// one ends. Also returns when the calling task is cancelled.
  package func quiet() async {
    let id = state.withLock { $0.makeWaiterID() }
    await waitUnlessCancelled { continuation in
      state.withLock { state in
        if state.unfinished == 0 || Task.isCancelled { return false }
        state.quietWaiters.append((id, continuation))
        return true
      }
    } takeBack: { [state] in
      state.withLock { state in
        state.quietWaiters.firstIndex { $0.id == id }
          .map { state.quietWaiters.remove(at: $0).continuation }
      }
    }
  }

  /// Returns once ``generation`` differs from `generation`: at once when a job was enqueued
  /// (or an activity noted) since it was read, otherwise at the next one. Also returns when
  /// the calling task is cancelled.
  ///
  /// - Parameter generation: A generation read earlier, usually ``quietGeneration``.
  package func busy(after generation: UInt64) async {
    let id = state.withLock { $0.makeWaiterID() }
    await waitUnlessCancelled { continuation in
      state.withLock { state in
        if state.generation != generation || Task.isCancelled { return false }
        state.busyWaiters.append((id, continuation))
        return true
      }
    } takeBack: { [state] in
      state.withLock { state in
        state.busyWaiters.firstIndex { $0.id == id }
          .map { state.busyWaiters.remove(at: $0).continuation }
      }
    }
  }

  /// Counts activity of the work that ran elsewhere (an effect sent from a thread of its own),
  /// waking the callers of ``busy(after:)`` as a job would.
  package func noteActivity() {
    let woken = state.withLock { $0.countActivity() }
    for waiter in woken { waiter.continuation.resume() }
  }

  /// Runs `body` with the jobs held: a job enqueued meanwhile runs only once `body` returned.
  ///
  /// A tester's step gives the feature its input this way, so the work the input starts cannot
  /// send effects into the step; they arrive after it, to be received.
  ///
  /// - Parameter body: What to do while no job runs.
  /// - Returns: What `body` returns.
  package func holdingJobs<Result>(_ body: () throws -> Result) rethrows -> Result {
    state.withLock { $0.isHeld = true }
    defer {
      // Only jobs queued meanwhile need the thread; not waking it otherwise saves a context
      // switch per step, which an explorer's thousands of steps feel.
      let hasJobs = state.withLock { state in
        state.isHeld = false
        return !state.jobs.isEmpty
      }
      if hasJobs { wakeUp?.signal() }
    }
    return try body()
  }

  /// Ends the thread once the jobs queued now have run; later jobs go to the global
  /// concurrent executor. Calling it again does nothing.
  ///
  /// An executor without a thread hands the jobs still queued to the global concurrent
  /// executor at once.
  package func stop() {
    let stops = state.withLock { state in
      defer { state.isStopped = true }
      return !state.isStopped
    }
    guard stops else { return }
    guard let wakeUp else {
      while let job = state.withLock({ $0.jobs.popFirst() }) { Self.handOn(job) }
      return
    }
    wakeUp.signal()
  }

  /// Hands `job` to the global concurrent executor: a job of a stopped executor.
  private static func handOn(_ job: UnownedJob) {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }

  /// Runs the queued jobs on the calling thread, one at a time and in order, until none is
  /// left, including jobs that the ones run enqueue: for an executor made with
  /// ``init(runningJobsOnDemand:)``, whose jobs run only here.
  ///
  /// Returns at once while the jobs are held or after ``stop()``.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  package func runQueuedJobs() {
    precondition(wakeUp == nil, "runQueuedJobs() is for an executor without a thread")
    while let job = nextJob() { run(job) }
  }

  /// The next queued job, unless the jobs are held.
  private func nextJob() -> UnownedJob? {
    state.withLock { $0.isHeld && !$0.isStopped ? nil : $0.jobs.popFirst() }
  }

  /// Runs `job` on the calling thread, then counts it finished and resumes the callers of
  /// ``quiet()`` when it was the last.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  private func run(_ job: UnownedJob) {
    job.runSynchronously(on: asUnownedTaskExecutor())
    let woken = state.withLock { state -> [Waiter] in
      state.unfinished -= 1
      guard state.unfinished == 0 else { return [] }
      defer { state.quietWaiters = [] }
      return state.quietWaiters
    }
    for waiter in woken { waiter.continuation.resume() }
  }

  /// The thread's loop: at each ring, runs the queued jobs unless they are held, until it is
  /// stopped with none left.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  private func runJobs() {
    guard let wakeUp else { return }
    while true {
      wakeUp.wait()
      while let job = nextJob() { run(job) }
      if state.withLock({ $0.isStopped && $0.jobs.isEmpty }) { return }
    }
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension WorkExecutor: TaskExecutor {}
