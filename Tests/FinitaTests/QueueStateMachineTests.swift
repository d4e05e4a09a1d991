import Finita
import Testing

/// The engine's queue decisions, step by step and without threads: each test is a row of the
/// table in the Concurrency article (state × step → next state and action).
@Suite("Queue state machine")
struct QueueStateMachineTests {
  typealias Machine = QueueStateMachine<Item>

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

  /// The control word as a plain value: the fast path is simulated by setting bits.
  final class Control: ControlWord {
    var word: Int

    init(_ word: Int = 0) {
      self.word = word
    }

    var holdsToken: Bool { word & ControlFlag.processing != 0 }
    func loadRelaxed() -> Int { word }

    @discardableResult func setBits(_ mask: Int) -> Int {
      defer { word |= mask }
      return word
    }

    @discardableResult func clearBits(_ mask: Int) -> Int {
      defer { word &= ~mask }
      return word
    }

    func claimToken() -> Bool {
      if holdsToken { return false }
      word |= ControlFlag.processing
      return true
    }
  }

  /// A started machine with nothing queued and the token free.
  func started() -> (Machine, Control) {
    var machine = Machine()
    let control = Control(ControlFlag.notStarted)
    #expect(machine.submit(.start, canProcess: true, control: control) == .process)
    let held = machine.bootstrapped(control: control)
    #expect(held.isEmpty)
    _ = machine.next(canProcess: true, observersFinished: false, control: control)
    #expect(control.word == 0)
    return (machine, control)
  }

  func queued(_ machine: Machine) -> [Item] {
    var copy = machine.queue
    var items: [Item] = []
    while let item = copy.popFirst() { items.append(item) }
    return items
  }

  // MARK: - submit

  @Test("submit, token free: the caller takes the token and processes at once")
  func submitWhenFree() {
    var (machine, control) = started()
    #expect(machine.submit(.wish(1), canProcess: true, control: control) == .process)
    #expect(control.holdsToken)
    #expect(machine.queue.isEmpty)
  }

  @Test("submit, token held: queued, and the pending bit makes the holder's release fail")
  func submitWhenHeld() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    #expect(machine.submit(.wish(1), canProcess: true, control: control) == .queued)
    #expect(queued(machine) == [.wish(1)])
    #expect(control.word == ControlFlag.processing | ControlFlag.pending)
  }

  @Test("submit before start: wishes are held, the start processes, then the held wishes run")
  func submitBeforeStart() {
    var machine = Machine()
    let control = Control(ControlFlag.notStarted)
    #expect(machine.submit(.wish(1), canProcess: true, control: control) == .queued)
    #expect(machine.submit(.subscribe(7), canProcess: true, control: control) == .process)
    _ = machine.next(canProcess: true, observersFinished: false, control: control)
    #expect(machine.held == [.wish(1)])
    #expect(machine.submit(.start, canProcess: true, control: control) == .process)
    #expect(machine.isStarted)
    #expect(machine.bootstrapped(control: control) == [.wish(1)])
    #expect(machine.held.isEmpty)
    #expect(control.word & ControlFlag.notStarted == 0)
  }

  @Test("submit of a second start is refused")
  func secondStart() {
    var (machine, control) = started()
    #expect(machine.submit(.start, canProcess: true, control: control) == .refused)
    #expect(!control.holdsToken)
  }

  @Test("submit after dispose is refused")
  func submitAfterDispose() {
    var (machine, control) = started()
    _ = machine.dispose(control: control)
    control.word = ControlFlag.disposed
    #expect(machine.submit(.wish(1), canProcess: true, control: control) == .refused)
    #expect(machine.queue.isEmpty)
  }

  @Test("submit from the wrong thread of a main-actor feature: queued, one hop scheduled")
  func submitOffMain() {
    var (machine, control) = started()
    #expect(machine.submit(.wish(1), canProcess: false, control: control) == .hopToMain)
    #expect(machine.isHopScheduled)
    #expect(machine.submit(.wish(2), canProcess: false, control: control) == .queued)
    #expect(queued(machine) == [.wish(1), .wish(2)])
    #expect(!control.holdsToken)
  }

  @Test("submit on the main actor with items waiting for it: the caller drains them in order")
  func submitBehindWaitingItems() {
    var (machine, control) = started()
    _ = machine.submit(.wish(1), canProcess: false, control: control)
    #expect(machine.submit(.wish(2), canProcess: true, control: control) == .drain)
    #expect(control.holdsToken)
    #expect(queued(machine) == [.wish(1), .wish(2)])
  }

  // MARK: - travel

  @Test("travel: a shown state is queued; wishes wait until travel ends, then follow the end")
  func travel() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    #expect(
      machine.travel(.travel(1), ending: false, canProcess: true, control: control) == .queued)
    #expect(machine.isTravelling)
    #expect(control.word & ControlFlag.travelling != 0)
    #expect(machine.submit(.wish(5), canProcess: true, control: control) == .queued)
    #expect(machine.submit(.subscribe(9), canProcess: true, control: control) == .queued)
    #expect(machine.heldWhileTravelling == [.wish(5)])
    #expect(
      machine.travel(.travel(2), ending: true, canProcess: true, control: control) == .queued)
    #expect(!machine.isTravelling)
    #expect(control.word & ControlFlag.travelling == 0)
    #expect(queued(machine) == [.travel(1), .subscribe(9), .travel(2), .wish(5)])
  }

  @Test("travel: ending when not travelling is refused")
  func endWithoutTravel() {
    var (machine, control) = started()
    #expect(
      machine.travel(.travel(1), ending: true, canProcess: true, control: control) == .refused)
  }

  @Test("next, travelling: a wish queued before travel began waits with the others")
  func nextWhileTravelling() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    _ = machine.submit(.wish(1), canProcess: true, control: control)
    _ = machine.travel(.travel(1), ending: false, canProcess: true, control: control)
    guard
      case .process(.travel(1)) = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("the wish queued first should wait, and the travel step run")
      return
    }
    #expect(machine.heldWhileTravelling == [.wish(1)])
  }

  // MARK: - next

  @Test("next: queued items come out in order; pending clears with the last one")
  func nextInOrder() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    _ = machine.submit(.wish(1), canProcess: true, control: control)
    _ = machine.submit(.wish(2), canProcess: true, control: control)
    guard
      case .process(.wish(1)) = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("expected wish 1")
      return
    }
    #expect(control.word & ControlFlag.pending != 0)
    guard
      case .process(.wish(2)) = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("expected wish 2")
      return
    }
    #expect(control.word & ControlFlag.pending == 0)
  }

  @Test("next: nothing queued releases the token")
  func nextReleases() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    guard
      case .released(false, false) = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("expected a release with nobody to resume")
      return
    }
    #expect(control.word == 0)
  }

  @Test("next: observer changes come before giving the token back")
  func nextCheckpoint() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    let claimed = machine.observersChanged(control: control)
    #expect(!claimed)
    guard
      case .checkpoint = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("expected a checkpoint")
      return
    }
    #expect(control.holdsToken)
  }

  @Test("next after dispose: finish the observers first, then release everything")
  func nextAfterDispose() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    _ = machine.submit(.wish(1), canProcess: true, control: control)
    let released = machine.dispose(control: control)
    #expect(released?.claimed == false)
    #expect(released?.items == [.wish(1)])
    guard
      case .checkpoint = machine.next(
        canProcess: true, observersFinished: false, control: control)
    else {
      Issue.record("expected a checkpoint to finish the observers")
      return
    }
    guard
      case .released = machine.next(
        canProcess: true, observersFinished: true, control: control)
    else {
      Issue.record("expected a release")
      return
    }
    #expect(control.word == ControlFlag.disposed)
  }

  @Test("next off the main actor with items for it: released, and one hop scheduled")
  func nextOffMain() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    _ = machine.submit(.wish(1), canProcess: false, control: control)
    guard
      case .released(true, _) = machine.next(
        canProcess: false, observersFinished: false, control: control)
    else {
      Issue.record("expected a release with a hop")
      return
    }
    #expect(machine.isHopScheduled)
    #expect(queued(machine) == [.wish(1)])
  }

  @Test("hop arrives: drains when items wait, does nothing when they are gone")
  func hopArrives() {
    var (machine, control) = started()
    _ = machine.submit(.wish(1), canProcess: false, control: control)
    #expect(machine.hopArrived(control: control) == .drain)
    #expect(!machine.isHopScheduled)
    _ = machine.next(canProcess: true, observersFinished: false, control: control)
    _ = machine.next(canProcess: true, observersFinished: false, control: control)
    #expect(machine.hopArrived(control: control) == .refused)
    #expect(!control.holdsToken)
  }

  @Test("enqueue by the token holder: queued, pending set; nothing after dispose")
  func enqueue() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    machine.enqueue(.wish(1), control: control)
    #expect(queued(machine) == [.wish(1)])
    #expect(control.word & ControlFlag.pending != 0)
    _ = machine.dispose(control: control)
    machine.enqueue(.wish(2), control: control)
    #expect(machine.queue.isEmpty)
  }

  @Test("take back: the token holder's kept items go before those queued since, in order")
  func takeBack() {
    var (machine, control) = started()
    control.word = ControlFlag.processing
    _ = machine.submit(.wish(3), canProcess: true, control: control)
    machine.takeBack([.wish(1), .wish(2)], control: control)
    #expect(queued(machine) == [.wish(1), .wish(2), .wish(3)])
    #expect(control.word & ControlFlag.pending != 0)
    _ = machine.dispose(control: control)
    machine.takeBack([.wish(4)], control: control)
    #expect(machine.queue.isEmpty)
  }

  // MARK: - dispose and observer changes

  @Test("dispose: everything waiting is returned, the token is taken if free, only once")
  func dispose() {
    var machine = Machine()
    let control = Control(ControlFlag.notStarted)
    _ = machine.submit(.wish(1), canProcess: true, control: control)
    let released = machine.dispose(control: control)
    #expect(released?.items == [.wish(1)])
    #expect(released?.claimed == true)
    #expect(control.word & ControlFlag.disposed != 0)
    #expect(machine.held.isEmpty)
    let again = machine.dispose(control: control)
    #expect(again == nil)
  }

  @Test("observer change: the caller takes a free token to apply it; refused after dispose")
  func observerChange() {
    var (machine, control) = started()
    let claimed = machine.observersChanged(control: control)
    #expect(claimed)
    #expect(control.word == ControlFlag.processing | ControlFlag.observersChanged)
    _ = machine.dispose(control: control)
    let refused = machine.observersChanged(control: control)
    #expect(!refused)
  }

  // MARK: - idle

  @Test("idle: at once when nothing is queued, running or processing; no bit left behind")
  func idleNow() async {
    var (machine, control) = started()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter, control: control)
      #expect(now)
      continuation.resume()
    }
    #expect(control.word == 0)
  }

  @Test("idle: waits for running work; the last task to finish resumes the caller")
  func idleAfterWork() async {
    var (machine, control) = started()
    _ = machine.workStarted()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter, control: control)
      #expect(!now)
      #expect(control.word == ControlFlag.idleWaiting)
      let early = machine.workFinished(control: control)
      #expect(early.isEmpty)
      let resumed = machine.workFinished(control: control)
      #expect(resumed.count == 1)
      #expect(control.word == 0)
      for waiter in resumed { waiter.resume() }
      // Not resumed by the machine: resume it here so a failing test ends instead of hanging.
      if resumed.isEmpty { continuation.resume() }
    }
  }

  @Test("idle: work that ends while another thread processes leaves the resume to that thread")
  func idleAfterProcessing() async {
    var (machine, control) = started()
    _ = machine.workStarted()
    control.word = ControlFlag.processing
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter, control: control)
      #expect(!now)
      // The holder's lock-free release fails: the word is no longer exactly `processing`.
      #expect(control.word != ControlFlag.processing)
      let early = machine.workFinished(control: control)
      #expect(early.isEmpty)
      guard
        case .released(_, true) = machine.next(
          canProcess: true, observersFinished: false, control: control)
      else {
        Issue.record("expected a release that finds the feature idle")
        continuation.resume()
        return
      }
      let resumed = machine.takeIdleWaiters(control: control)
      #expect(resumed.count == 1)
      #expect(control.word == 0)
      for waiter in resumed { waiter.resume() }
    }
  }

  @Test("idle: a cancelled caller's waiter is taken, and the bit goes with the last one")
  func idleCancelled() async {
    var (machine, control) = started()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      // Two callers; the machine never resumes, so one continuation serves both here and is
      // resumed once, at the end.
      let first = machine.newIdleWaiterID()
      let second = machine.newIdleWaiterID()
      #expect(first != second)
      let firstNow = machine.waitForIdle(IdleWaiter(id: first, continuation), control: control)
      let secondNow = machine.waitForIdle(IdleWaiter(id: second, continuation), control: control)
      #expect(!firstNow && !secondNow)
      let secondTaken = machine.cancelIdleWait(second, control: control)
      #expect(secondTaken?.id == second)
      #expect(control.word == ControlFlag.idleWaiting)
      // Taken once: a second cancellation finds nothing.
      let again = machine.cancelIdleWait(second, control: control)
      #expect(again == nil)
      let firstTaken = machine.cancelIdleWait(first, control: control)
      #expect(firstTaken?.id == first)
      #expect(control.word == 0)
      // Nobody is left for the end of the work to resume.
      let resumed = machine.workFinished(control: control)
      #expect(resumed.isEmpty)
      continuation.resume()
    }
  }

  @Test("idle: dispose resumes the waiting callers")
  func idleAfterDispose() async {
    var (machine, control) = started()
    _ = machine.workStarted()
    await withCheckedContinuation { continuation in
      let waiter = IdleWaiter(id: machine.newIdleWaiterID(), continuation)
      let now = machine.waitForIdle(waiter, control: control)
      #expect(!now)
      let released = machine.dispose(control: control)
      #expect(machine.runningWork == 0)
      #expect(control.word & ControlFlag.idleWaiting == 0)
      released?.resumeIdleWaiters()
    }
    let started = machine.workStarted()
    #expect(!started)
  }
}
