import Finita
import Testing

/// The engine's decisions, step by step and without threads: each row is a row of the table
/// in the Concurrency article (state × step → next state and action). Nothing here touches an
/// atomic: a caller on the fast path is the machine's own step, `tokenTakenOnFastPath()`.
@Suite("Feature machine")
struct FeatureMachineTests {
  typealias Machine = FeatureMachine<Item, Int>

  enum Item: QueueItem, Equatable {
    case wish(Int)
    case start
    case subscribe(Int)
    case travel(Int)

    var waitsWhileTravelling: Bool {
      switch self {
      case .wish, .start: true
      case .subscribe, .travel: false
      }
    }

    var isStart: Bool { self == .start }
  }

  /// A started machine with nothing queued and the token free.
  static func started() -> Machine {
    var machine = Machine()
    #expect(machine.submit(.start, canProcess: true) == .process)
    guard case .released = machine.next(canProcess: true) else {
      Issue.record("expected the start to release the token")
      return machine
    }
    #expect(!machine.holdsToken)
    #expect(machine.allowsFastPath)
    return machine
  }

  static func queued(_ machine: Machine) -> [Item] {
    var copy = machine.queue
    var items: [Item] = []
    while let item = copy.popFirst() { items.append(item) }
    return items
  }

  /// A state of the table's first column.
  enum Before: String, CaseIterable, CustomTestStringConvertible {
    case notStarted, idle, processing, travelling, disposed
    var testDescription: String { rawValue }

    func make() -> Machine {
      switch self {
      case .notStarted:
        return Machine()
      case .idle:
        return FeatureMachineTests.started()
      case .processing:
        var machine = FeatureMachineTests.started()
        machine.tokenTakenOnFastPath()
        return machine
      case .travelling:
        var machine = FeatureMachineTests.started()
        machine.tokenTakenOnFastPath()
        _ = machine.travel(.travel(1), ending: false, canProcess: true)
        return machine
      case .disposed:
        // Disposed, the observers finished, the token given back.
        var machine = FeatureMachineTests.started()
        _ = machine.dispose()
        _ = machine.next(canProcess: true)
        _ = machine.next(canProcess: true)
        return machine
      }
    }
  }

  // MARK: - submit

  @Test(
    "submit of a wish, by state",
    arguments: [
      (Before.notStarted, Machine.SubmitAction.queued, [Item](), [Item.wish(1)]),
      (.idle, .process, [], []),
      (.processing, .queued, [.wish(1)], []),
      (.travelling, .queued, [.travel(1)], [.wish(1)]),
      (.disposed, .refused, [], []),
    ])
  func submitWish(
    before: Before, action: Machine.SubmitAction, queue: [Item], held: [Item]
  ) {
    var machine = before.make()
    #expect(machine.submit(.wish(1), canProcess: true) == action)
    #expect(Self.queued(machine) == queue)
    #expect(machine.held == held)
    // Only an idle machine lets its caller take the token; the fast path stays shut after.
    #expect(machine.holdsToken == (before != .notStarted && before != .disposed))
    #expect(!machine.allowsFastPath)
  }

  @Test(
    "submit of a subscription, by state: never held, processed at once when nobody processes",
    arguments: [
      (Before.notStarted, Machine.SubmitAction.process, [Item]()),
      (.idle, .process, []),
      (.processing, .queued, [.subscribe(7)]),
      (.travelling, .queued, [.travel(1), .subscribe(7)]),
      (.disposed, .refused, []),
    ])
  func submitSubscription(before: Before, action: Machine.SubmitAction, queue: [Item]) {
    var machine = before.make()
    #expect(machine.submit(.subscribe(7), canProcess: true) == action)
    #expect(Self.queued(machine) == queue)
  }

  @Test("submit before start: wishes are held, the start processes, then the held wishes run")
  func submitBeforeStart() {
    var machine = Machine()
    #expect(machine.submit(.wish(1), canProcess: true) == .queued)
    #expect(machine.submit(.subscribe(7), canProcess: true) == .process)
    _ = machine.next(canProcess: true)
    #expect(machine.held == [.wish(1)])
    #expect(!machine.allowsFastPath)
    #expect(machine.submit(.start, canProcess: true) == .process)
    #expect(machine.isStarted)
    #expect(machine.held.isEmpty)
    guard case .process(.wish(1)) = machine.next(canProcess: true) else {
      Issue.record("the held wish should run right after the start")
      return
    }
    guard case .released = machine.next(canProcess: true) else {
      Issue.record("expected a release")
      return
    }
    #expect(machine.allowsFastPath)
  }

  @Test("submit of a second start is refused")
  func secondStart() {
    var machine = Self.started()
    #expect(machine.submit(.start, canProcess: true) == .refused)
    #expect(!machine.holdsToken)
  }

  @Test("submit after dispose is refused")
  func submitAfterDispose() {
    var machine = Self.started()
    _ = machine.dispose()
    #expect(machine.isDisposed)
    #expect(machine.submit(.wish(1), canProcess: true) == .refused)
    #expect(machine.queue.isEmpty)
  }

  @Test("submit from the wrong thread of a main-actor feature: queued, one hop scheduled")
  func submitOffMain() {
    var machine = Self.started()
    #expect(machine.submit(.wish(1), canProcess: false) == .hopToMain)
    #expect(machine.isHopScheduled)
    #expect(machine.submit(.wish(2), canProcess: false) == .queued)
    #expect(Self.queued(machine) == [.wish(1), .wish(2)])
    #expect(!machine.holdsToken)
    #expect(!machine.allowsFastPath)
  }

  @Test("submit on the main actor with items waiting for it: the caller drains them in order")
  func submitBehindWaitingItems() {
    var machine = Self.started()
    _ = machine.submit(.wish(1), canProcess: false)
    #expect(machine.submit(.wish(2), canProcess: true) == .drain)
    #expect(machine.holdsToken)
    #expect(Self.queued(machine) == [.wish(1), .wish(2)])
  }

  // MARK: - travel

  @Test("travel: a shown state is queued; wishes wait until travel ends, then follow the end")
  func travel() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    #expect(machine.travel(.travel(1), ending: false, canProcess: true) == .queued)
    #expect(machine.isTravelling)
    #expect(!machine.allowsFastPath)
    #expect(machine.submit(.wish(5), canProcess: true) == .queued)
    #expect(machine.submit(.subscribe(9), canProcess: true) == .queued)
    #expect(machine.held == [.wish(5)])
    #expect(machine.travel(.travel(2), ending: true, canProcess: true) == .queued)
    #expect(!machine.isTravelling)
    #expect(Self.queued(machine) == [.travel(1), .subscribe(9), .travel(2), .wish(5)])
  }

  @Test(
    "travel: ending when not travelling is refused",
    arguments: [Before.notStarted, .idle, .processing, .disposed])
  func endWithoutTravel(before: Before) {
    var machine = before.make()
    #expect(machine.travel(.travel(1), ending: true, canProcess: true) == .refused)
  }

  @Test("travel before start: the start waits for travel to end, then runs before held wishes")
  func travelBeforeStart() {
    var machine = Machine()
    _ = machine.submit(.wish(1), canProcess: true)
    #expect(machine.travel(.travel(1), ending: false, canProcess: true) == .drain)
    #expect(machine.submit(.start, canProcess: true) == .queued)
    #expect(!machine.isStarted)
    #expect(machine.travel(.travel(2), ending: true, canProcess: true) == .queued)
    #expect(machine.isStarted)
    #expect(Self.queued(machine) == [.travel(1), .travel(2), .start, .wish(1)])
  }

  @Test("next, travelling: a wish queued before travel began waits with the others")
  func nextWhileTravelling() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    _ = machine.submit(.wish(1), canProcess: true)
    _ = machine.travel(.travel(1), ending: false, canProcess: true)
    guard case .process(.travel(1)) = machine.next(canProcess: true) else {
      Issue.record("the wish queued first should wait, and the travel step run")
      return
    }
    #expect(machine.held == [.wish(1)])
  }

  // MARK: - next

  @Test("next: queued items come out in order; the fast path opens with the last one")
  func nextInOrder() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    _ = machine.submit(.wish(1), canProcess: true)
    _ = machine.submit(.wish(2), canProcess: true)
    guard case .process(.wish(1)) = machine.next(canProcess: true) else {
      Issue.record("expected wish 1")
      return
    }
    #expect(!machine.queue.isEmpty)
    guard case .process(.wish(2)) = machine.next(canProcess: true) else {
      Issue.record("expected wish 2")
      return
    }
    #expect(machine.queue.isEmpty)
    #expect(!machine.allowsFastPath)
    _ = machine.next(canProcess: true)
    #expect(machine.allowsFastPath)
  }

  @Test("next: nothing queued releases the token")
  func nextReleases() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    guard case .released(false, let waiters) = machine.next(canProcess: true), waiters.isEmpty
    else {
      Issue.record("expected a release with nobody to resume")
      return
    }
    #expect(!machine.holdsToken)
    #expect(machine.allowsFastPath)
  }

  @Test("next: observer changes come before giving the token back, in order")
  func nextCheckpoint() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    #expect(machine.observerChanged(1) == .queued)
    #expect(machine.observerChanged(2) == .queued)
    #expect(machine.needsAttention)
    guard case .checkpoint(let checkpoint) = machine.next(canProcess: true) else {
      Issue.record("expected a checkpoint")
      return
    }
    #expect(checkpoint.changes == [1, 2])
    #expect(!checkpoint.finishObservers)
    #expect(machine.holdsToken)
    #expect(!machine.needsAttention)
  }

  @Test("next after dispose: finish the observers first, then release everything")
  func nextAfterDispose() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    _ = machine.submit(.wish(1), canProcess: true)
    let disposal = machine.dispose()
    #expect(disposal?.claimed == false)
    #expect(disposal?.items == [.wish(1)])
    #expect(machine.needsAttention)
    guard case .checkpoint(let checkpoint) = machine.next(canProcess: true) else {
      Issue.record("expected a checkpoint to finish the observers")
      return
    }
    #expect(checkpoint.finishObservers)
    guard case .released = machine.next(canProcess: true) else {
      Issue.record("expected a release")
      return
    }
    #expect(machine.isDisposed)
    #expect(!machine.holdsToken)
    #expect(!machine.needsAttention)
    #expect(!machine.allowsFastPath)
  }

  @Test("next off the main actor with items for it: released, and one hop scheduled")
  func nextOffMain() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    _ = machine.submit(.wish(1), canProcess: false)
    guard case .released(true, _) = machine.next(canProcess: false) else {
      Issue.record("expected a release with a hop")
      return
    }
    #expect(machine.isHopScheduled)
    #expect(Self.queued(machine) == [.wish(1)])
  }

  @Test("hop arrives: drains when items wait, does nothing when they are gone")
  func hopArrives() {
    var machine = Self.started()
    _ = machine.submit(.wish(1), canProcess: false)
    #expect(machine.hopArrived() == .drain)
    #expect(!machine.isHopScheduled)
    _ = machine.next(canProcess: true)
    _ = machine.next(canProcess: true)
    #expect(machine.hopArrived() == .refused)
    #expect(!machine.holdsToken)
  }

  @Test("enqueue by the token holder: queued behind what came before; nothing after dispose")
  func enqueue() {
    var machine = Self.started()
    machine.tokenTakenOnFastPath()
    _ = machine.submit(.wish(1), canProcess: true)
    machine.enqueue(.wish(2))
    #expect(Self.queued(machine) == [.wish(1), .wish(2)])
    #expect(!machine.allowsFastPath)
    _ = machine.dispose()
    machine.enqueue(.wish(3))
    #expect(machine.queue.isEmpty)
  }

  // MARK: - dispose and observer changes

  @Test("dispose: everything waiting is returned, the token is taken if free, only once")
  func dispose() {
    var machine = Machine()
    _ = machine.submit(.wish(1), canProcess: true)
    #expect(machine.observerChanged(4) == .apply)
    let disposal = machine.dispose()
    #expect(disposal?.items == [.wish(1)])
    #expect(disposal?.changes == [4])
    #expect(disposal?.claimed == false)
    #expect(machine.isDisposed)
    #expect(machine.held.isEmpty)
    let again = machine.dispose()
    #expect(again == nil)
  }

  @Test("dispose of an idle feature: the disposing caller takes the token")
  func disposeIdle() {
    var machine = Self.started()
    #expect(machine.dispose()?.claimed == true)
    #expect(machine.holdsToken)
  }

  @Test(
    "observer change, by state: the caller takes a free token to apply it; refused after dispose",
    arguments: [
      (Before.notStarted, Machine.ChangeAction.apply),
      (.idle, .apply),
      (.processing, .queued),
      (.travelling, .queued),
      (.disposed, .refused),
    ])
  func observerChange(before: Before, action: Machine.ChangeAction) {
    var machine = before.make()
    #expect(machine.observerChanged(1) == action)
    #expect(machine.holdsToken == (before != .disposed))
    #expect(machine.needsAttention == (before != .disposed))
    #expect(!machine.allowsFastPath)
  }

  @Test("counting observers takes the token only from an idle, started machine")
  func takeTokenIfIdle() {
    var machine = Machine()
    let beforeStart = machine.takeTokenIfIdle()
    #expect(!beforeStart)
    machine = Self.started()
    let idle = machine.takeTokenIfIdle()
    #expect(idle)
    let busy = machine.takeTokenIfIdle()
    #expect(!busy)
  }

  // MARK: - idle

  @Test("idle: at once when nothing is queued, running or processing; the fast path stays open")
  func idleNow() async {
    var machine = Self.started()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter)
      #expect(now)
      continuation.resume()
    }
    #expect(machine.allowsFastPath)
  }

  @Test("idle: waits for running work; the last task to finish resumes the caller")
  func idleAfterWork() async {
    var machine = Self.started()
    _ = machine.workStarted()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter)
      #expect(!now)
      #expect(!machine.allowsFastPath)
      let early = machine.workFinished()
      #expect(early.isEmpty)
      let resumed = machine.workFinished()
      #expect(resumed.count == 1)
      #expect(machine.allowsFastPath)
      for waiter in resumed { waiter.resume() }
      // Not resumed by the machine: resume it here so a failing test ends instead of hanging.
      if resumed.isEmpty { continuation.resume() }
    }
  }

  @Test("idle: work that ends while another thread processes leaves the resume to that thread")
  func idleAfterProcessing() async {
    var machine = Self.started()
    _ = machine.workStarted()
    machine.tokenTakenOnFastPath()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter)
      #expect(!now)
      // The holder's lock-free release fails: the fast path is shut while a waiter is kept.
      #expect(!machine.allowsFastPath)
      let early = machine.workFinished()
      #expect(early.isEmpty)
      guard case .released(_, let resumed) = machine.next(canProcess: true) else {
        Issue.record("expected a release that finds the feature idle")
        continuation.resume()
        return
      }
      #expect(resumed.count == 1)
      #expect(machine.allowsFastPath)
      for waiter in resumed { waiter.resume() }
      if resumed.isEmpty { continuation.resume() }
    }
  }

  @Test("idle: a cancelled caller's waiter is taken, and the fast path opens with the last one")
  func idleCancelled() async {
    var machine = Self.started()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      // Two callers; the machine never resumes, so one continuation serves both here and is
      // resumed once, at the end.
      let first = machine.newIdleWaiterID()
      let second = machine.newIdleWaiterID()
      #expect(first != second)
      let firstNow = machine.waitForIdle(IdleWaiter(id: first, continuation))
      let secondNow = machine.waitForIdle(IdleWaiter(id: second, continuation))
      #expect(!firstNow && !secondNow)
      let secondTaken = machine.cancelIdleWait(second)
      #expect(secondTaken?.id == second)
      #expect(!machine.allowsFastPath)
      // Taken once: a second cancellation finds nothing.
      let again = machine.cancelIdleWait(second)
      #expect(again == nil)
      let firstTaken = machine.cancelIdleWait(first)
      #expect(firstTaken?.id == first)
      #expect(machine.allowsFastPath)
      // Nobody is left for the end of the work to resume.
      let resumed = machine.workFinished()
      #expect(resumed.isEmpty)
      continuation.resume()
    }
  }

  @Test("idle: dispose resumes the waiting callers")
  func idleAfterDispose() async {
    var machine = Self.started()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter)
      #expect(!now)
      let disposal = machine.dispose()
      #expect(machine.runningWork == 0)
      #expect(disposal?.idleWaiters.count == 1)
      for waiter in disposal?.idleWaiters ?? [] { waiter.resume() }
      if disposal?.idleWaiters.isEmpty ?? true { continuation.resume() }
    }
    let started = machine.workStarted()
    #expect(!started)
  }

  @Test("idle without the work: at once while work runs; else the token's release resumes it")
  func idleWithoutWork() async {
    var machine = Self.started()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      // The machine never resumes here, so one continuation serves every waiter and is
      // resumed once, at the end.
      let now = machine.waitForIdle(
        IdleWaiter(id: machine.newIdleWaiterID(), waitsForWork: false, continuation))
      #expect(now)
      #expect(machine.isProcessingIdle && !machine.isIdle)
      machine.tokenTakenOnFastPath()
      let processingOnly = machine.newIdleWaiterID()
      let whole = machine.newIdleWaiterID()
      let processingNow = machine.waitForIdle(
        IdleWaiter(id: processingOnly, waitsForWork: false, continuation))
      let wholeNow = machine.waitForIdle(IdleWaiter(id: whole, continuation))
      #expect(!processingNow && !wholeNow)
      guard case .released(_, let released) = machine.next(canProcess: true) else {
        Issue.record("expected the token to be released")
        continuation.resume()
        return
      }
      // The release resumes only the waiter that does not wait for the work.
      #expect(released.map(\.id) == [processingOnly])
      #expect(!machine.allowsFastPath)
      let ended = machine.workFinished()
      #expect(ended.map(\.id) == [whole])
      #expect(machine.allowsFastPath)
      continuation.resume()
    }
  }
}
