import Dispatch
import Finita
import FinitaEventLog
import FinitaFixtures
import Synchronization
import Testing

/// A feature with a Bootstrapper, news, a PostProcessor, several effects per action and
/// asynchronous work, so that a log sees every kind of stage.
private struct Shelf: FeatureDefinition {
  enum Wish: Sendable, Equatable {
    case add
    case addMany(Int)
    case fetch, fail
  }
  typealias Action = Wish
  enum Effect: Sendable, Equatable {
    case added, fetched
  }
  enum News: Sendable, Equatable {
    case even(Int)
  }
  struct Failure: Error {}

  var bootstraps = true

  func bootstrap() -> Effects<Wish> {
    bootstraps ? .run { send in send(.add) } : .none
  }

  func act(_ state: Int, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .add: .just(.added)
    case .addMany(let count): .many(Array(repeating: .added, count: count))
    case .fetch: .run(name: "fetch") { send in send(.fetched) }
    case .fail: .run(name: "failing") { _ in throw Failure() }
    }
  }

  func reduce(_ state: inout Int, _ effect: Effect) { state += 1 }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> News? {
    state % 2 == 0 ? .even(state) : nil
  }

  func postProcess(_ action: Wish, _ effect: Effect, _ state: Int) -> Wish? {
    effect == .fetched ? .add : nil
  }
}

/// An action with many effects, each of which the PostProcessor turns into another action: more
/// actions than a small log keeps while the first is still being handled.
private struct Relay: FeatureDefinition {
  enum Wish: Sendable, Equatable {
    case burst(Int)
    case single
  }
  typealias Action = Wish
  enum Effect: Sendable, Equatable {
    case burst, single
  }
  enum News: Sendable, Equatable {
    case single
  }

  func act(_ state: Int, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .burst(let count): .many(Array(repeating: .burst, count: count))
    case .single: .just(.single)
    }
  }

  func reduce(_ state: inout Int, _ effect: Effect) { state += 1 }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> News? {
    effect == .single ? .single : nil
  }

  func postProcess(_ action: Wish, _ effect: Effect, _ state: Int) -> Wish? {
    effect == .burst ? .single : nil
  }
}

extension Relay {
  /// What a log of `capacity` stages holds, read by a state observer when the state reaches
  /// `state` while a feature that starts at 0 handles `wish`.
  static func entries(
    capacity: Int, after wish: Wish, whenStateReaches state: Int
  ) throws -> [FeatureEventLog<Relay>.Entry] {
    let keeper = LogKeeper<Relay>(capacity: capacity)
    let feature = Feature(
      initialState: 0, definition: Relay(), configuration: .init(interceptors: [keeper]))
    let log = try #require(keeper.log)
    let seen = Mutex<[FeatureEventLog<Relay>.Entry]?>(nil)
    let states = feature.observeState { reached in
      if reached == state { seen.withLock { $0 = log.read().entries } }
    }
    feature.accept(wish)
    states.cancel()
    return try #require(seen.withLock { $0 })
  }
}

/// A traffic light whose values are all trivial and small: a one-case wish (no bytes), enums of
/// one byte, and news of three.
private struct Light: FeatureDefinition {
  enum State: Sendable, Equatable { case red, green, yellow }
  enum Wish: Sendable, Equatable { case next }
  typealias Action = Wish
  enum Effect: Sendable, Equatable { case turned(to: State) }
  struct News: Sendable, Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
  }

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch state {
    case .red: .just(.turned(to: .green))
    case .green: .just(.turned(to: .yellow))
    case .yellow: .just(.turned(to: .red))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    if case .turned(let next) = effect { state = next }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    switch state {
    case .red: News(red: 255, green: 0, blue: 1)
    case .green: News(red: 0, green: 255, blue: 2)
    case .yellow: News(red: 255, green: 255, blue: 255)
    }
  }
}

private final class Lines: Sendable {
  let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

@Suite("Feature event logs", .threadTestsTimeLimit)
struct FeatureEventLogTests {
  @Test("a log keeps the same stages, values and order as an interceptor called for each stage")
  func sameAsEachStage() async throws {
    let keeper = LogKeeper<Shelf>(capacity: 1_000)
    let described = Lines()
    let feature = Feature(
      initialState: 0, definition: Shelf(),
      configuration: .init(
        name: "shelf",
        interceptors: [
          keeper,
          DescribingInterceptor { _, stage, values in described.append("\(stage) \(values)") },
        ],
        onUnhandledError: { _ in }))
    await feature.idle()
    feature.accept(.add)
    feature.accept(.addMany(3))
    feature.accept(.fetch)
    await feature.idle()
    feature.accept(.fail)
    await feature.idle()
    feature.dispose()

    let log = try #require(keeper.log)
    #expect(log.feature.name == "shelf")
    let contents = log.read()
    let lines = contents.entries.map { "\($0.values.stage) \($0.values.valueDescription)" }
    #expect(lines == described.all)
    #expect(contents.entries.map(\.number) == Array(0..<contents.entries.count))
    #expect(contents.droppedCount == 0)
    #expect(contents.initialState == 0)
    // The Bootstrapper's work has no action, the fetch's has its own.
    let works = contents.entries.filter { $0.values.stage == .workStarted }
    #expect(works.map(\.values.action) == [nil, .fetch, .fail])
    #expect(
      contents.entries.contains {
        $0.values.stage == .workFailed && $0.values.error is Shelf.Failure
      })
    #expect(contents.entries.last?.values.stage == .disposed)
  }

  @Test("values of tiny trivial types, states before and after included, read back right")
  func tinyValues() throws {
    // A log of 8 stages goes round several times.
    let keeper = LogKeeper<Light>(capacity: 8)
    let described = Lines()
    let feature = Feature(
      initialState: Light.State.red, definition: Light(),
      configuration: .init(
        interceptors: [
          keeper,
          DescribingInterceptor { _, stage, values in described.append("\(stage) \(values)") },
        ]))
    for _ in 0..<10 { feature.accept(.next) }
    let log = try #require(keeper.log)
    let contents = log.read()
    let lines = contents.entries.map { "\($0.values.stage) \($0.values.valueDescription)" }
    #expect(lines == Array(described.all.suffix(lines.count)))
    #expect(contents.entries.count == 8)
    // Ten turns from red end on green; the state the kept stages start from is kept too.
    #expect(feature.state == .green)
    #expect(contents.entries.last { $0.values.stage == .state }?.values.state == .green)
    #expect(
      contents.entries.compactMap(\.values.news).last == Light.News(red: 0, green: 255, blue: 2))
    #expect(contents.initialState != nil)
    // Each state stage's state before it is the one the light turned from.
    let states = contents.entries.filter { $0.values.stage == .state }
    #expect(!states.isEmpty)
    for entry in states {
      let state = try #require(entry.values.state)
      let before: Light.State =
        switch state {
        case .red: .yellow
        case .green: .red
        case .yellow: .green
        }
      #expect(entry.values.previousState == before)
    }
    feature.dispose()
  }

  @Test("a full log drops the oldest stages, counts them and starts from the state they left")
  func dropsOldest() throws {
    let keeper = LogKeeper<Shelf>(capacity: 4)
    let feature = Feature(
      initialState: 0, definition: Shelf(bootstraps: false),
      configuration: .init(interceptors: [keeper]))
    // An action with more stages than the log keeps makes part of them readable early.
    feature.accept(.addMany(20))
    let contents = try #require(keeper.log).read()
    #expect(contents.entries.count == 4)
    let last = try #require(contents.entries.last?.number)
    #expect(contents.entries.map(\.number) == Array((last - 3)...last))
    #expect(contents.droppedCount == last + 1 - 4)
    // Replaying the kept stages' states from the initial state ends at the feature's state.
    let states = contents.entries.compactMap(\.values.state)
    #expect(states.last == nil || states.last == feature.state)
    let initial = try #require(contents.initialState)
    let reduced = contents.entries.filter { $0.values.stage == .state }.count
    #expect(initial + reduced == feature.state)
  }

  @Test("on the continuous clock, each stage's time lies between readings taken around it")
  func continuousClockTimes() throws {
    let clock = ContinuousClock()
    let origin = clock.now
    let keeper = LogKeeper<Shelf>(capacity: 1_000)
    let feature = Feature(
      initialState: 0, definition: Shelf(bootstraps: false),
      configuration: .init(interceptors: [keeper]))
    // The log's clock starts while the feature is created, somewhere in this span.
    let created = origin.duration(to: clock.now)
    var bounds: [(before: Duration, after: Duration)] = []
    for _ in 0..<5 {
      // Apart by at least a millisecond, so the ticks' rate is measured over a real span.
      let apart = clock.now.advanced(by: .milliseconds(1))
      while clock.now < apart {}
      let before = origin.duration(to: clock.now)
      feature.accept(.add)
      bounds.append((before, origin.duration(to: clock.now)))
    }
    let wishes = try #require(keeper.log).read().entries.filter { $0.values.stage == .wish }
    try #require(wishes.count == 5)
    // The entries' times count from the log's start, which is `created` at most after origin;
    // converting ticks is off by far less than the margin.
    let margin = Duration.microseconds(200)
    for (entry, bound) in zip(wishes, bounds) {
      #expect(entry.time >= bound.before - created - margin)
      #expect(entry.time <= bound.after + margin)
    }
    #expect(zip(wishes, wishes.dropFirst()).allSatisfy { $0.time < $1.time })
  }

  @Test("an action handled after more actions than the log keeps is still the right one")
  func actionKeptAgainAfterTheRingWentRound() throws {
    // A log of 4 stages: the burst's 10 PostProcessor actions come before its `actionHandled`.
    // When the first posted action changes the state (to 11), its stages are not published
    // yet (3 of them, fewer than the 4 an input may hold): the burst's are the newest.
    let entries = try Relay.entries(capacity: 4, after: .burst(10), whenStateReaches: 11)
    #expect(entries.count == 4)
    #expect(entries.last?.values.stage == .actionHandled)
    #expect(entries.last?.values.action == .burst(10))
    #expect(entries.dropLast().map(\.values.stage) == [.effect, .state, .postProcessedAction])
    #expect(entries.first?.values.action == .burst(10))
    #expect(entries.dropLast().last?.values.action == .single)
    // The whole run, read from a log that keeps it, is what a per-stage interceptor sees.
    let wide = LogKeeper<Relay>(capacity: 1_000)
    let described = Lines()
    let second = Feature(
      initialState: 0, definition: Relay(),
      configuration: .init(
        interceptors: [
          wide,
          DescribingInterceptor { _, stage, values in described.append("\(stage) \(values)") },
        ]))
    second.accept(.burst(30))
    let lines = try #require(wide.log).read().entries.map {
      "\($0.values.stage) \($0.values.valueDescription)"
    }
    #expect(lines == described.all)
  }

  @Test("a handled action stays right while many actions come after it")
  func actionReferredToOnlyWhileSafe() throws {
    // A log of 100 stages. The burst leads to 151 actions (its own and 150 PostProcessor ones);
    // the posted actions that follow keep one each while the burst's `actionHandled` is kept.
    let entries = try Relay.entries(capacity: 100, after: .burst(150), whenStateReaches: 170)
    let handled = entries.filter { $0.values.stage == .actionHandled }
    let burst = try #require(handled.first { $0.values.action != .single })
    #expect(burst.values.action == .burst(150))
    for entry in entries where entry.values.stage == .effect {
      #expect(entry.values.action == (entry.values.effect == .burst ? .burst(150) : .single))
    }
  }

  @Test("reading after a number gives the newer stages; removeAll forgets, numbers count on")
  func readAfterAndRemoveAll() throws {
    let keeper = LogKeeper<Shelf>(capacity: 100)
    let feature = Feature(
      initialState: 0, definition: Shelf(bootstraps: false),
      configuration: .init(interceptors: [keeper]))
    let log = try #require(keeper.log)
    #expect(log.read().entries.map(\.values.stage) == [.created, .started])
    feature.accept(.add)
    let later = log.read(after: 1)
    #expect(later.entries.first?.number == 2)
    #expect(later.entries.map(\.values.stage) == [.wish, .action, .effect, .state, .actionHandled])

    log.removeAll()
    #expect(log.read().entries.isEmpty)
    #expect(log.read().initialState == nil)
    let before = feature.state
    feature.accept(.add)
    let after = log.read()
    #expect(after.entries.first?.number == (later.entries.last?.number ?? 0) + 1)
    #expect(after.initialState == before)
    #expect(after.droppedCount == 0)
  }

  @Test(
    "a state's previous state stays right while a small log drops the oldest stages",
    arguments: [1, 3, 8])
  func previousStatesGoRound(capacity: Int) throws {
    let keeper = LogKeeper<Shelf>(capacity: capacity)
    let feature = Feature(
      initialState: 0, definition: Shelf(bootstraps: false),
      configuration: .init(interceptors: [keeper]))
    let log = try #require(keeper.log)
    var checked = 0
    for round in 0..<40 {
      // From 1 to 9 effects an action: inputs shorter and longer than the log.
      feature.accept(.addMany(round % 9 + 1))
      let contents = log.read()
      for entry in contents.entries where entry.values.stage == .state {
        checked += 1
        #expect(entry.values.previousState.map { $0 + 1 } == entry.values.state)
      }
      let initial = try #require(contents.initialState)
      let reduced = contents.entries.filter { $0.values.stage == .state }.count
      #expect(initial + reduced == feature.state)
    }
    #expect(checked >= (capacity == 1 ? 0 : 40))
  }

  @Test("readers on other threads see whole inputs, in order, while four threads send wishes")
  func readersWhileWriting() async throws {
    let keeper = LogKeeper<Shelf>(capacity: 500)
    let feature = Feature(
      initialState: 0, definition: Shelf(bootstraps: false),
      configuration: .init(interceptors: [keeper]))
    let log = try #require(keeper.log)
    let wishesPerThread = 2_000
    await runOnThreads(6) { thread in
      if thread < 4 {
        for _ in 0..<wishesPerThread { feature.accept(.add) }
        return
      }
      var last = -1
      for _ in 0..<300 {
        let contents = log.read(after: thread == 4 ? nil : last)
        let numbers = contents.entries.map(\.number)
        // Consecutive numbers, and never a stage that was already read.
        #expect(numbers == Array(numbers.indices.map { (numbers.first ?? 0) + $0 }))
        if thread == 5, let first = numbers.first { #expect(first > last) }
        // Published stages end with a handled action: an input is seen whole or not at all.
        if let stage = contents.entries.last?.values.stage, stage != .started {
          #expect(stage == .actionHandled)
        }
        // Each state comes from the one before it, also while the log drops the oldest.
        for entry in contents.entries where entry.values.stage == .state {
          let previous = entry.values.previousState
          #expect(previous.map { $0 + 1 } == entry.values.state)
        }
        last = numbers.last ?? last
      }
    }
    let contents = log.read()
    #expect(feature.state == 4 * wishesPerThread)
    #expect(contents.entries.count == 500)
    #expect(contents.droppedCount + contents.entries.count == contents.entries.last!.number + 1)
    let initial = try #require(contents.initialState)
    #expect(initial + contents.entries.filter { $0.values.stage == .state }.count == feature.state)
  }

  @Test(
    "disposing from another thread while the feature processes: disposed is logged once, by the processing thread"
  )
  func disposeWhileProcessing() async throws {
    try await ThreadTestTurns.shared.withTurn {
      for _ in 0..<20 {
        let keeper = LogKeeper<Shelf>(capacity: 100_000)
        let feature = Feature(
          initialState: 0, definition: Shelf(bootstraps: false),
          configuration: .init(interceptors: [keeper]))
        let log = try #require(keeper.log)
        await runOnThreads(2) { thread in
          if thread == 0 {
            for _ in 0..<2_000 { feature.accept(.addMany(2)) }
          } else {
            while feature.state < 500 {}
            feature.dispose()
          }
        }
        let stages = log.read().entries.map(\.values.stage)
        #expect(stages.filter { $0 == .disposed }.count == 1)
        // Nothing is reduced after the feature is disposed.
        let disposedAt = try #require(stages.firstIndex(of: .disposed))
        #expect(!stages[disposedAt...].contains(.state))
        let numbers = log.read().entries.map(\.number)
        #expect(numbers == Array(0..<numbers.count))
      }
    }
  }
}

/// What `FeatureEventLogs` keeps: a log per feature, for as long as the feature lives.
@Suite("Feature event logs, per feature")
struct FeatureEventLogsTests {
  /// Keeps the logs it is told of, weakly, so a test can see them let go.
  final class WeakLogs: FeatureEventLogReceiver {
    private final class Box: @unchecked Sendable {
      weak var log: AnyObject?
      init(_ log: AnyObject) { self.log = log }
    }
    private let boxes = Mutex<[Box]>([])
    func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
      boxes.withLock { $0.append(Box(log)) }
    }
    var count: Int { boxes.withLock { $0.count } }
    var alive: Int { boxes.withLock { $0.count { $0.log != nil } } }
  }

  @Test("one interceptor on 1,000 features: a log each, let go when the feature is released")
  func logsLetGoWithTheirFeatures() {
    let receiver = WeakLogs()
    let logs = FeatureEventLogs(capacity: 10, receiver: receiver)
    var features: [Feature<Shelf>] = []
    for index in 0..<1_000 {
      let feature = Feature(
        initialState: 0, definition: Shelf(bootstraps: false),
        configuration: .init(name: "shelf \(index)", interceptors: [logs]))
      feature.accept(.add)
      features.append(feature)
    }
    #expect(receiver.count == 1_000)
    #expect(receiver.alive == 1_000)
    // Released without `dispose()`: the feature's `disposed` stage ends its log's keeping.
    features.removeAll()
    #expect(receiver.alive == 0)
  }

  @Test("a feature's stages go to its own log, while four threads send to four features")
  func featuresKeepTheirOwnLogs() async throws {
    let keeper = LogKeeper<Shelf>(capacity: 100_000)
    let features = (0..<4).map { index in
      Feature(
        initialState: 0, definition: Shelf(bootstraps: false),
        configuration: .init(name: "shelf \(index)", interceptors: [keeper]))
    }
    await runOnThreads(4) { thread in
      for _ in 0..<(500 * (thread + 1)) { features[thread].accept(.add) }
    }
    let all = keeper.logs
    #expect(all.count == 4)
    for log in all {
      let thread = try #require(features.firstIndex { $0.interceptedInfo?.id == log.feature.id })
      let wishes = log.read().entries.filter { $0.values.stage == .wish }
      #expect(wishes.count == 500 * (thread + 1))
      #expect(log.read().entries.map(\.number) == Array(0..<log.read().entries.count))
    }
  }
}
