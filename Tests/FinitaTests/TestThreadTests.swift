import Dispatch
import FinitaFixtures
import Testing

/// The helpers the thread tests run on. `.ci/run` runs every test on one processor too, where the
/// concurrency pool has one thread: a blocking helper would hang these.
@Suite("Threads for tests that block", .threadTestsTimeLimit)
struct TestThreadTests {
  @Test("a body on a thread of its own may wait for a task: it holds no thread of the pool")
  func ownThreadLeavesThePoolFree() async {
    let value = await onThreadOfItsOwn {
      let done = DispatchSemaphore(value: 0)
      let answer = Locked(0)
      Task {
        answer.set(42)
        done.signal()
      }
      done.wait()
      return answer.value
    }
    #expect(value == 42)
  }

  @Test("roles on threads overlap: each waits for the other, on any number of processors")
  func threadsOverlap() async {
    let first = DispatchSemaphore(value: 0)
    let second = DispatchSemaphore(value: 0)
    let order = Locked<[String]>([])
    await runOnThreads(2) { thread in
      if thread == 0 {
        order.modify { $0.append("0 arrives") }
        first.signal()
        second.wait()
      } else {
        first.wait()
        order.modify { $0.append("1 arrives") }
        second.signal()
      }
    }
    #expect(order.value == ["0 arrives", "1 arrives"])
  }

  @Test("while threads run, the caller's task is suspended and other tasks run")
  func callerIsSuspended() async {
    let release = DispatchSemaphore(value: 0)
    let task = Task { _ = release.signal() }
    // One thread waits for a task; with the caller blocking its thread of a one-thread pool,
    // the task would never run.
    await runOnThreads(1) { _ in release.wait() }
    await task.value
  }
}
