import Dispatch
import FinitaFixtures
import FinitaTesting
import Foundation
import Testing

/// The executor the tester runs a feature's work on: its waits for quiet and for the next job
/// lose no wake-up, end on cancellation, and its jobs still run after it stopped.
@Suite("The tester's work executor", .timeLimit(.minutes(1)))
struct WorkExecutorTests {
  /// Blocks the calling thread, the executor's, until `semaphore` is signalled: a job that
  /// stays running as long as the test wants.
  private static func block(on semaphore: DispatchSemaphore) {
    semaphore.wait()
  }

  /// Yields until `condition` holds: for a test that must act only once another task waits.
  private static func waitUntil(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }

  @Test("quiet returns at once when no job ran; jobs run on the executor's thread, counted")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func quietAtOnce() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    #expect(executor.quietGeneration == 0)
    await executor.quiet()
    let onItsThread = await Task(executorPreference: executor) { executor.isCurrentThread }.value
    #expect(onItsThread)
    #expect(!executor.isCurrentThread)
    await executor.quiet()
    // One job for the task's start; its end needs no other.
    #expect(executor.quietGeneration == 1)
  }

  @Test("many callers wait for a running job; each returns after its end, none before")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func quietWaitsForTheJob() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    let release = DispatchSemaphore(value: 0)
    let ended = Locked(false)
    let job = Task(executorPreference: executor) {
      Self.block(on: release)
      ended.set(true)
    }
    #expect(executor.quietGeneration == nil)
    let waiters = (0..<20).map { _ in
      Task {
        await executor.quiet()
        return ended.value
      }
    }
    await Self.waitUntil { executor.waiterCounts.quiet == 20 }
    release.signal()
    for waiter in waiters { #expect(await waiter.value) }
    await job.value
    #expect(executor.waiterCounts.quiet == 0)
  }

  @Test("a caller whose task is cancelled stops waiting; the others are still resumed once")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func cancelledWaiter() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    let release = DispatchSemaphore(value: 0)
    let ended = Locked(false)
    let job = Task(executorPreference: executor) {
      Self.block(on: release)
      ended.set(true)
    }
    let cancelled = Task {
      await executor.quiet()
      return (Task.isCancelled, ended.value)
    }
    let kept = Task {
      await executor.quiet()
      return ended.value
    }
    await Self.waitUntil { executor.waiterCounts.quiet == 2 }
    cancelled.cancel()
    let (wasCancelled, endedFirst) = await cancelled.value
    #expect(wasCancelled && !endedFirst)
    #expect(executor.waiterCounts.quiet == 1)
    // A caller already cancelled returns without waiting.
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await executor.quiet()
      return ended.value
    }
    #expect(await late.value == false)
    release.signal()
    #expect(await kept.value)
    await job.value
  }

  @Test("busy(after:) returns at once for a job enqueued after the generation it was given")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func busyAfterAnEarlierJob() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    await executor.quiet()
    let quiet = executor.quietGeneration ?? 0
    let release = DispatchSemaphore(value: 0)
    // Enqueued between the read and the wait: the wait must see it.
    let job = Task(executorPreference: executor) { Self.block(on: release) }
    #expect(executor.quietGeneration == nil)
    await executor.busy(after: quiet)
    #expect(executor.generation > quiet)
    release.signal()
    await job.value
    await executor.quiet()
    #expect(executor.quietGeneration == executor.generation)
  }

  @Test("a job enqueued from another thread while callers start waiting: no wake-up is lost")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func racingWakeUps() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    for _ in 0..<300 {
      await executor.quiet()
      let quiet = executor.quietGeneration ?? 0
      let ran = Locked(false)
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<3 { group.addTask { await executor.busy(after: quiet) } }
        for _ in 0..<3 { group.addTask { await executor.quiet() } }
        group.addTask {
          // A job that hops to another thread and back: the count goes 1, 0, 1, 0.
          await Task(executorPreference: executor) {
            await withCheckedContinuation { continuation in
              DispatchQueue.global().async { continuation.resume() }
            }
            ran.set(true)
          }.value
        }
      }
      #expect(ran.value)
      #expect(executor.waiterCounts == (0, 0))
    }
  }

  @Test("after stop, jobs run on the global concurrent executor")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func afterStop() async {
    let executor = WorkExecutor()
    executor.stop()
    executor.stop()
    let value = await Task(executorPreference: executor) { () -> Int in
      await Task.yield()
      return 42
    }.value
    #expect(value == 42)
  }

  @Test("without a thread, jobs wait for runQueuedJobs, then run there, in order, to the end")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func onDemand() async {
    let executor = WorkExecutor(runningJobsOnDemand: ())
    defer { executor.stop() }
    let order = Locked<[String]>([])
    let caller = ThreadIdentity()
    let tasks = (0..<3).map { index in
      Task(executorPreference: executor) {
        order.modify { $0.append("\(index) on \(caller.describe())") }
        // A suspension and its resumption: the resumed part is a job of its own.
        await Task.yield()
        order.modify { $0.append("\(index) again") }
      }
    }
    // Nothing runs by itself: there is no thread to run it.
    #expect(executor.quietGeneration == nil)
    #expect(order.value.isEmpty)
    caller.markCurrent()
    executor.runQueuedJobs()
    #expect(executor.quietGeneration != nil)
    #expect(
      order.value == [
        "0 on the caller's thread", "1 on the caller's thread", "2 on the caller's thread",
        "0 again", "1 again", "2 again",
      ])
    for task in tasks { await task.value }
  }

  @Test("without a thread, held jobs wait; after stop, the queued ones run elsewhere")
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func onDemandHeldAndStopped() async {
    let executor = WorkExecutor(runningJobsOnDemand: ())
    let ran = Locked(false)
    let task = executor.holdingJobs {
      let task = Task(executorPreference: executor) { ran.set(true) }
      executor.runQueuedJobs()
      return task
    }
    #expect(!ran.value)
    // Stopped with the job still queued: it is handed on, not lost.
    executor.stop()
    await task.value
    #expect(ran.value)
  }
}

/// Remembers one thread, to tell whether code runs on it.
private final class ThreadIdentity: Sendable {
  private let thread = Locked<ObjectIdentifier?>(nil)

  /// Remembers the calling thread.
  func markCurrent() { thread.set(ObjectIdentifier(Thread.current)) }

  /// Whether the caller runs on the remembered thread, in words.
  func describe() -> String {
    thread.value == ObjectIdentifier(Thread.current) ? "the caller's thread" : "another thread"
  }
}
