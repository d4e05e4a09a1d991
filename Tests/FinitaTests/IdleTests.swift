import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// `Feature.idle()`: returns once nothing is queued, running or processing, without polling.
@Suite("Waiting until a feature is idle", .timeLimit(.minutes(1)))
struct IdleTests {
  /// Work that sends `effect` once the test opens its gate.
  struct Gated: FeatureDefinition {
    typealias State = [String]
    enum Wish: Sendable {
      case now(String)
      case after(Gate, String)
      case forever
    }
    typealias Effect = String

    func act(_ state: [String], _ action: Wish) -> Effects<String> {
      switch action {
      case .now(let text):
        .just(text)
      case .after(let gate, let text):
        .run { send in
          await gate.wait()
          send(text)
        }
      case .forever:
        .run { _ in
          let never = AsyncStream<Void> { _ in }
          for await _ in never {}
        }
      }
    }

    func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
  }

  @Test("an idle feature returns at once")
  func alreadyIdle() async {
    let feature = Feature(initialState: [], definition: Gated())
    feature.accept(.now("a"))
    await feature.idle()
    #expect(feature.state == ["a"])
  }

  @Test("waits for asynchronous work and the effects it sends")
  func waitsForWork() async {
    let feature = Feature(initialState: [], definition: Gated())
    let gate = Gate()
    feature.accept(.after(gate, "late"))
    async let waited: Void = feature.idle()
    gate.open()
    await waited
    #expect(feature.state == ["late"])
  }

  @Test("work started by other work is waited for too")
  func chainedWork() async {
    let first = Gate()
    let second = Gate()
    let feature = Feature(initialState: [], definition: Gated())
    // A state observer starts the second piece of work when the first one's effect arrives.
    let subscription = feature.observeState { state in
      if state == ["one"] { feature.accept(.after(second, "two")) }
    }
    feature.accept(.after(first, "one"))
    async let waited: Void = feature.idle()
    first.open()
    _ = await feature.states.first { $0 == ["one"] }
    second.open()
    await waited
    #expect(feature.state == ["one", "two"])
    subscription.cancel()
  }

  @Test("disposing resumes a caller waiting on work that never ends")
  func disposeResumes() async {
    let feature = Feature(initialState: [], definition: Gated())
    feature.accept(.forever)
    async let waited: Void = feature.idle()
    feature.dispose()
    await waited
    #expect(feature.isDisposed)
  }

  @Test("a caller waiting on work that never ends returns when its task is cancelled")
  func cancelledWhileWaiting() async {
    let feature = Feature(initialState: [], definition: Gated())
    feature.accept(.forever)
    let waiter = Task {
      await feature.idle()
      return Task.isCancelled
    }
    waiter.cancel()
    #expect(await waiter.value)
    // The feature keeps working, and a later caller still waits for it.
    let gate = Gate()
    feature.accept(.after(gate, "later"))
    let second = Task { await feature.idle() }
    feature.accept(.now("now"))
    #expect(feature.state == ["now"])
    second.cancel()
    await second.value
    gate.open()
    feature.dispose()
  }

  @Test("a caller whose task was cancelled before it asked returns at once")
  func cancelledBeforeAsking() async {
    let feature = Feature(initialState: [], definition: Gated())
    feature.accept(.forever)
    let waiter = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await feature.idle()
      return Task.isCancelled
    }
    #expect(await waiter.value)
    feature.dispose()
  }

  @Test(
    "cancelling callers from other threads while the work ends: each returns once, none is kept")
  func cancellationRacesTheEnd() async {
    for round in 0..<300 {
      let feature = Feature(initialState: [], definition: Gated())
      let gate = Gate()
      feature.accept(.after(gate, "\(round)"))
      let waiters = (0..<3).map { _ in Task { await feature.idle() } }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { gate.open() }
        for waiter in waiters { group.addTask { waiter.cancel() } }
      }
      for waiter in waiters { await waiter.value }
      // Nobody cancelled is still kept: the feature's next idle moment resumes only new callers.
      await feature.idle()
      #expect(feature.state == ["\(round)"])
    }
  }

  @Test("many callers from many tasks, while work ends on other threads: nobody is left waiting")
  func noLostWakeUps() async {
    for round in 0..<200 {
      let feature = Feature(initialState: [], definition: Gated())
      let gates = (0..<4).map { _ in Gate() }
      for (index, gate) in gates.enumerated() { feature.accept(.after(gate, "\(index)")) }
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 { group.addTask { await feature.idle() } }
        for gate in gates { group.addTask { gate.open() } }
        for index in 0..<4 {
          group.addTask { feature.accept(.now("sync \(round) \(index)")) }
        }
      }
      #expect(feature.state.count == 8)
    }
  }

  @Test(
    "a feature under test runs its work on the given executor; waiting without the work returns"
  )
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func underTest() async {
    let executor = WorkExecutor()
    defer { executor.stop() }
    let feature = Feature(
      initialState: [],
      definition: Gated(),
      trace: nil,
      marksWork: true,
      workExecutor: executor
    )
    let gate = Gate()
    let before = executor.generation
    feature.accept(.after(gate, "x"))
    #expect(feature.runningWork.count == 1)
    // Nothing queued or processing: a wait that does not wait for the work returns with it
    // still running.
    await feature.idle(waitingForWork: false)
    #expect(feature.runningWork.count == 1)
    gate.open()
    await feature.idle()
    #expect(feature.state == ["x"])
    // The work ran as jobs of the executor.
    #expect(executor.generation > before)
    #expect(feature.runningWork.isEmpty)
  }
}
