import Finita
import FinitaRecording
import FinitaTesting
import Testing

/// A toaster with a timer: the smallest feature with asynchronous work, time and news, and a
/// planted bug (ejecting does not stop the toasting timer) for the explorer to find.
private struct Toaster: FeatureDefinition {
  enum Wish: Sendable, Equatable, Codable {
    case insert(slices: Int)
    case toast
    case eject
  }

  enum Effect: Sendable, Equatable, Codable {
    case inserted(Int)
    case started
    case done
    case ejected
  }

  struct State: Hashable, Sendable, Codable {
    var slices = 0
    var isToasting = false
  }

  enum News: Sendable, Equatable, Codable {
    case ready(slices: Int)
  }

  private struct Timer: Hashable, Sendable {}

  let clock: any Clock<Duration>
  /// Whether eject cancels the timer, as it should.
  var ejectCancels = true

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .insert(let slices):
      return state.isToasting ? .none : .just(.inserted(slices))
    case .toast:
      guard state.slices > 0, !state.isToasting else { return .none }
      return .merge(
        .just(.started),
        .delayed(.done, by: .seconds(1), clock: clock).cancellable(id: Timer()))
    case .eject:
      return .merge(ejectCancels ? .cancel(id: Timer()) : .none, .just(.ejected))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .inserted(let slices): state.slices = min(state.slices + slices, 4)
    case .started: state.isToasting = true
    case .done: state.isToasting = false
    case .ejected: state = State()
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    effect == .done ? .ready(slices: state.slices) : nil
  }
}

private let toasterWishes: Gen<Toaster.Wish> = .one(of: [
  Gen.int(in: 1...4).map { .insert(slices: $0) },
  .constant(.toast),
  .constant(.eject),
])

private let toastHasBread = ExploreInvariant<Toaster>.news("toast comes out with bread") {
  news, _ in
  if case .ready(let slices) = news { slices > 0 } else { true }
}

private func toasterExplorer(ejectCancels: Bool) -> Explorer<Toaster> {
  var explorer = Explorer(
    initialState: Toaster.State(),
    wishes: toasterWishes,
    invariants: [
      toastHasBread,
      .always("at most four slices") { $0.slices <= 4 },
    ]
  ) { clock in
    Toaster(clock: clock, ejectCancels: ejectCancels)
  }
  explorer.testSource = ExploreTestSource(
    initialState: "Toaster.State()", definition: "Toaster(clock: clock, ejectCancels: false)")
  return explorer
}

@Suite("Exploring a feature: random sequences, shrinking, reports", .timeLimit(.minutes(1)))
struct ExploreTests {
  @Test("the same seed draws the same choices, and replaying them draws them again")
  func seedsReproduce() {
    var first = ExploreRandom(seed: 42)
    var second = ExploreRandom(seed: 42)
    let drawn = (0..<8).map { _ in first.next() }
    #expect(drawn == (0..<8).map { _ in second.next() })
    var other = ExploreRandom(seed: 43)
    #expect(drawn != (0..<8).map { _ in other.next() })
    var replay = ExploreRandom(replaying: Array(drawn.prefix(3)))
    #expect((0..<4).map { _ in replay.next() } == Array(drawn.prefix(3)) + [0])
  }

  @Test("a choice of zero is the simplest value of each generator")
  func zeroIsSimplest() {
    var zeros = ExploreRandom(replaying: [])
    #expect(Gen.int(in: 3...9).generate(using: &zeros) == 3)
    #expect(Gen.bool.generate(using: &zeros) == false)
    #expect(Gen.string().generate(using: &zeros) == "")
    #expect(Gen<Int?>.optional(.int(in: 1...2)).generate(using: &zeros) == nil)
    #expect(toasterWishes.generate(using: &zeros) == .insert(slices: 1))
    var random = ExploreRandom(seed: 7)
    for _ in 0..<100 {
      #expect((3...9).contains(Gen.int(in: 3...9).generate(using: &random)))
    }
  }

  @Test("a correct feature keeps its invariants, and the coverage lists what was reached")
  func correctFeaturePasses() async {
    let report = await toasterExplorer(ejectCancels: true).explore(budget: .sequences(200))
    #expect(report.failure == nil)
    #expect(report.sequences == 200)
    #expect(report.steps == 200 * 20)
    #expect(Set(report.coverage.wishes.keys) == ["insert", "toast", "eject"])
    #expect(report.coverage.stateKinds.keys.contains("Toaster.State"))
    #expect(report.description.contains("every invariant held"))
  }

  @Test("a planted bug is found, shrunk to its four steps, and reproduced from its seed")
  func plantedBugIsShrunk() async throws {
    let explorer = toasterExplorer(ejectCancels: false)
    let report = await explorer.run()
    let failure = try #require(report.failure)
    #expect(failure.invariant == "toast comes out with bread")
    #expect(
      failure.inputs == [
        .wish(.insert(slices: 1)), .wish(.toast), .wish(.eject), .advance(.seconds(1)),
      ])
    #expect(failure.originalLength >= 4)
    #expect(
      failure.trace == """
           start: Toaster.State(slices: 0, isToasting: false)
          1. send Toaster.Wish.insert(slices: 1)
                effect Toaster.Effect.inserted(1)
                state  Toaster.State(slices: 1, isToasting: false)
          2. send Toaster.Wish.toast
                effect Toaster.Effect.started
                state  Toaster.State(slices: 1, isToasting: true)
          3. send Toaster.Wish.eject
                effect Toaster.Effect.ejected
                state  Toaster.State(slices: 0, isToasting: false)
          4. advance 1.0 seconds
                effect Toaster.Effect.done
                state  Toaster.State(slices: 0, isToasting: false)
                news   Toaster.News.ready(slices: 0)
           ✗ toast comes out with bread: the news Toaster.News.ready(slices: 0) breaks it
        """)
    #expect(
      failure.testSource == """
        @Test func toastComesOutWithBread() async {
          let tester = FeatureTester(initialState: Toaster.State()) { clock in
            Toaster(clock: clock, ejectCancels: false)
          }
          tester.exhaustivity = .off
          await tester.send(.insert(slices: 1))
          await tester.send(.toast)
          await tester.send(.eject)
          await tester.advance(by: .seconds(1))
          // Broken here: toast comes out with bread: the news Toaster.News.ready(slices: 0) breaks it
          // State now: Toaster.State(slices: 0, isToasting: false)
          await tester.finish()
        }
        """)
    let seed = try #require(failure.seed)
    #expect(failure.description.contains("FINITA_EXPLORE_SEED=0x\(String(seed, radix: 16))"))
    let rerun = await explorer.run(sequenceSeed: seed)
    #expect(rerun.sequences == 1)
    #expect(rerun.failure?.inputs == failure.inputs)
    #expect(rerun.failure?.originalLength == failure.originalLength)
  }

  @Test("the generated test runs the shrunk sequence and shows the bug")
  func generatedTestShowsTheBug() async {
    let tester = FeatureTester(initialState: Toaster.State()) { clock in
      Toaster(clock: clock, ejectCancels: false)
    }
    tester.exhaustivity = .off
    await tester.send(.insert(slices: 1))
    await tester.send(.toast)
    await tester.send(.eject)
    await tester.advance(by: .seconds(1))
    tester.expectNews(.ready(slices: 0))
    await tester.finish()
  }

  @Test("explore records an issue whose message is the shrunk trace")
  func exploreRecordsAnIssue() async {
    await withKnownIssue {
      await toasterExplorer(ejectCancels: false).explore()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Invariant \"toast comes out with bread\" broken")
        && text.contains("Shrunk to 4 steps") && text.contains("3. send Toaster.Wish.eject")
    }
  }

  @Test("exhaustive mode finds a shortest failure and counts the distinct states")
  func exhaustiveFindsShortest() async throws {
    let alphabet: [ExploreInput<Toaster.Wish>] = [
      .wish(.insert(slices: 1)), .wish(.toast), .wish(.eject), .advance(.seconds(1)),
    ]
    let correct = await toasterExplorer(ejectCancels: true).exhaustive(alphabet, depth: 6)
    #expect(correct.failure == nil)
    // Slices 0 to 4, toasting or not (with its timer), and the timer's remaining time.
    let distinct = try #require(correct.distinctStates)
    #expect(distinct == 9)
    #expect(correct.description.contains("\(distinct) distinct state(s)"))
    let buggy = await toasterExplorer(ejectCancels: false).exhaustive(alphabet, depth: 6)
    let failure = try #require(buggy.failure)
    #expect(failure.inputs.count == 4)
    #expect(failure.seed == nil)
  }

  @Test("dispose among the outside events ends a sequence's feature quietly")
  func disposeInTheMiddle() async {
    let explorer = Explorer(
      initialState: Toaster.State(),
      wishes: toasterWishes,
      outside: [.advance(by: [.seconds(1)]), .dispose()],
      invariants: [toastHasBread]
    ) { clock in
      Toaster(clock: clock)
    }
    let report = await explorer.run(budget: .sequences(100))
    #expect(report.failure == nil)
    #expect(report.sequences == 100)
  }

  @Test("the shrunk run, recorded and read back, replays in a fresh tester to the same bad news")
  func shrunkRunReplaysFromItsRecording() async throws {
    let explorer = toasterExplorer(ejectCancels: false)
    let failure = try #require(await explorer.run().failure)
    let rerun = await explorer.rerun(failure.inputs) { clock in FeatureRecorder(clock: clock) }
    #expect(rerun.invariant == failure.invariant)
    let written = try #require(rerun.interceptor.recording(of: Toaster.self)).jsonLines()
    let recording = try Recording<Toaster>(jsonLines: written)
    #expect(recording.steps.contains { $0.news == .ready(slices: 0) })
    // A fresh feature does all the recording shows, the bad news included, at the same times.
    let tester = FeatureTester(
      initialState: recording.header.initialState, startsImmediately: false
    ) { clock in
      Toaster(clock: clock, ejectCancels: false)
    }
    await tester.replay(recording.testSteps)
    await tester.finish()
    #expect(tester.clock.now == .init(offset: .seconds(1)))
  }

  @Test("a rerun of steps that keep every invariant says so")
  func rerunWithoutViolation() async {
    let rerun = await toasterExplorer(ejectCancels: true).rerun([
      .wish(.toast), .advance(.seconds(1)),
    ]) {
      clock in FeatureRecorder(clock: clock)
    }
    #expect(rerun.invariant == nil)
    #expect(rerun.interceptor.recording(of: Toaster.self)?.wishes == [.toast])
  }
}
