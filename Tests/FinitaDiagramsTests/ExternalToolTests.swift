import FinitaExternalTool
import Foundation
import Synchronization
import Testing

@Suite("The runner of outside programs")
struct ExternalToolTests {
  @Test("a missing program is an error that says where it looked and how to install it")
  func missing() {
    #expect {
      try ExternalTool("finita-no-such-tool", install: "apt-get install nothing")
    } throws: { error in
      let text = "\(error)"
      return text.contains("'finita-no-such-tool' was not found on PATH")
        && text.contains("/usr/bin") && text.hasSuffix("Install it: apt-get install nothing")
    }
  }

  @Test("a large output does not block the program or the caller")
  func largeOutput() throws {
    let head = try ExternalTool("head", install: "coreutils")
    let result = try head.run(["-c", "5000000", "/dev/zero"], input: "")
    #expect(result.status == 0)
    #expect(result.data.count == 5_000_000)
  }

  @Test("the exit status and standard error are reported")
  func failure() throws {
    let shell = try ExternalTool("sh", install: "a POSIX shell")
    let result = try shell.run(["-c", "echo broken >&2; exit 3"], input: "")
    #expect(result.status == 3)
    #expect(result.errors == "broken\n")
  }

  @Test("a program that outlives its timeout is stopped, with an error saying so")
  func timeout() throws {
    // `sleep` stands for a program that hangs; the test waits only for the timeout.
    let sleep = try ExternalTool("sleep", install: "coreutils")
    #expect {
      try sleep.run(["30"], input: "", timeout: .milliseconds(200))
    } throws: { error in
      "\(error)".contains("did not finish within")
    }
  }

  @Test(
    "waiting from async code holds no thread of the cooperative pool",
    .timeLimit(.minutes(1)))
  func waitingOffThePool() async throws {
    // More blocked waits than the pool has threads: if the waits held pool threads, this task
    // could not run again to release them; they would time out, and the test fail.
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let release = DispatchSemaphore(value: 0)
    let started = StartedCount()
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<count {
        group.addTask {
          try await ExternalTool.onOwnThread {
            started.count.add(1, ordering: .sequentiallyConsistent)
            // Bounded, so that the bug fails the test instead of hanging the run: the pool
            // stuck, not even the time limit could fire.
            return release.wait(timeout: .now() + 60) == .success ? index : -1
          }
        }
      }
      while started.count.load(ordering: .sequentiallyConsistent) < count { await Task.yield() }
      for _ in 0..<count { release.signal() }
      var finished: [Int] = []
      for try await index in group { finished.append(index) }
      #expect(finished.sorted() == Array(0..<count))
    }
  }

  // No time limit: the run waits for its turn behind the other tests' compilers.
  @Test("the async run gives the program its input and reports its status and output")
  func asyncRun() async throws {
    let shell = try ExternalTool("sh", install: "a POSIX shell")
    let result = try await shell.run(["-c", "cat; exit 2"], input: "piped")
    #expect(result.status == 2)
    #expect(result.output == "piped")
  }

  @Test(
    "outside programs take turns: a caller waits while the turns are taken, in order",
    .timeLimit(.minutes(1)))
  func turns() async {
    let turns = Turns(count: 1)
    await turns.take()
    let order = TurnOrder()
    let first = Task {
      await turns.take()
      order.values.withLock { $0.append(1) }
      turns.give()
    }
    while turns.waitingCount < 1 { await Task.yield() }
    let second = Task {
      await turns.take()
      order.values.withLock { $0.append(2) }
      turns.give()
    }
    while turns.waitingCount < 2 { await Task.yield() }
    #expect(order.values.withLock { $0 }.isEmpty)
    turns.give()
    await first.value
    await second.value
    #expect(order.values.withLock { $0 } == [1, 2])
    // All given back: a turn is taken at once.
    await turns.take()
    #expect(turns.waitingCount == 0)
  }

  @Test("Graphviz's failures carry dot's message")
  func graphvizFailure() throws {
    guard let graphviz = Graphviz.locate() else { return }
    #expect(try graphviz.render("digraph { a -> b }", format: "svg").count > 0)
    #expect {
      try graphviz.render("digraph { a -> }", format: "svg")
    } throws: { error in
      "\(error)".contains("failed with status 1") && "\(error)".contains("syntax error")
    }
  }
}

/// How many blocked waits have begun, shared by the waits and the test.
private final class StartedCount: Sendable {
  let count = Atomic<Int>(0)
}

/// The order in which waiting callers got their turn.
private final class TurnOrder: Sendable {
  let values = Mutex<[Int]>([])
}
