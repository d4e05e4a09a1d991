import Dispatch
import Finita
import FinitaEventLog
import FinitaFixtures
import FinitaTesting
import Testing

/// A feature with every part: a Bootstrapper, news, a PostProcessor and asynchronous work.
private struct Library: FeatureDefinition {
  enum Wish: Sendable, Equatable {
    case borrow, load, fail, cancelLoad, echo
  }
  typealias Action = Wish
  enum Effect: Sendable, Equatable {
    case borrowed, loaded, started
  }
  enum News: Sendable, Equatable {
    case allBorrowed
  }
  struct Failure: Error {}

  let clock: any Clock<Duration>

  func bootstrap() -> Effects<Wish> {
    .just(.echo)
  }

  func act(_ state: Int, _ action: Wish) -> Effects<Effect> {
    let clock = self.clock
    switch action {
    case .borrow:
      return .just(.borrowed)
    case .echo:
      return .just(.started)
    case .load:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        send(.loaded)
      }
      .cancellable(id: "load")
    case .fail:
      return .run(name: "failing") { _ in throw Failure() }
    case .cancelLoad:
      return .cancel(id: "load")
    }
  }

  func reduce(_ state: inout Int, _ effect: Effect) {
    if effect == .borrowed { state += 1 }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> News? {
    effect == .borrowed && state == 2 ? .allBorrowed : nil
  }

  func postProcess(_ action: Wish, _ effect: Effect, _ state: Int) -> Wish? {
    effect == .borrowed && state == 1 ? .borrow : nil
  }

  func effect(for error: any Error, from action: Wish) -> Effect? {
    nil
  }
}

/// Records each event as `stage values`, and lets a test wait for a number of them.
private final class Journal: FeatureInterceptor {
  let lines = Recorder<String>()
  let features = Locked<Set<String>>([])

  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    features.modify { _ = $0.insert(event.feature.displayName) }
    let values = event.valueDescription
    lines.append(values.isEmpty ? event.stage.name : "\(event.stage) \(values)")
  }
}

@Suite("Interceptors see every stage", .threadTestsTimeLimit)
struct InterceptorTests {
  private func makeLibrary(
    _ journal: Journal,
    clock: any Clock<Duration> = VirtualClock(),
    name: String? = "library"
  ) -> Feature<Library> {
    Feature(
      initialState: 0,
      definition: Library(clock: clock),
      configuration: .init(
        name: name,
        interceptors: [journal],
        onUnhandledError: { _ in }
      )
    )
  }

  @Test("39. bootstrap, actor input, reducer input, news and post-processing, in order")
  func everyStageInOrder() {
    let journal = Journal()
    let feature = makeLibrary(journal)
    feature.accept(.borrow)
    feature.dispose()
    #expect(
      journal.lines.values == [
        "created 0",
        "started",
        "bootstrapAction echo",
        "action echo",
        "effect started from echo",
        "state 0 -> 0",
        "actionHandled echo",
        "wish borrow",
        "action borrow",
        "effect borrowed from borrow",
        "state 0 -> 1",
        "postProcessedAction borrow",
        "actionHandled borrow",
        "action borrow",
        "effect borrowed from borrow",
        "state 1 -> 2",
        "news allBorrowed",
        "actionHandled borrow",
        "disposed",
      ]
    )
  }

  @Test("asynchronous work reports started, then its effects, then finished, in order")
  func workFinishes() async {
    let journal = Journal()
    let clock = VirtualClock()
    let feature = makeLibrary(journal, clock: clock)
    let before = journal.lines.values.count
    feature.accept(.load)
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    await journal.lines.waitFor(count: before + 7)
    #expect(
      Array(journal.lines.values.dropFirst(before)) == [
        "wish load",
        "action load",
        "workStarted work#1 for load",
        "actionHandled load",
        "effect loaded from load",
        "state 0 -> 0",
        "workFinished work#1 for load",
      ]
    )
    _ = feature
  }

  @Test("cancelled and failing work report workCancelled and workFailed with the error")
  func workCancelledAndFailed() async {
    let journal = Journal()
    let clock = VirtualClock()
    let feature = makeLibrary(journal, clock: clock)
    feature.accept(.load)
    feature.accept(.cancelLoad)
    feature.accept(.fail)
    // 7 lines for creation and the Bootstrapper, 11 for the three wishes, 2 for the ends of work.
    await journal.lines.waitFor(count: 20)
    let ended = journal.lines.values.filter { $0.hasPrefix("work") && !$0.contains("Started") }
    #expect(ended.contains("workCancelled work#1 for load"))
    #expect(ended.contains { $0.hasPrefix("workFailed work#2 \"failing\" for fail threw") })
    _ = feature
  }

  @Test("a wish sent by an interceptor is queued behind the current step")
  func interceptorWishIsQueued() {
    struct Echoing: FeatureInterceptor {
      let target: Locked<Feature<Library>?>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        if event.stage == .news { target.value?.accept(.echo) }
      }
    }
    let journal = Journal()
    let target = Locked<Feature<Library>?>(nil)
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(interceptors: [Echoing(target: target), journal])
    )
    target.set(feature)
    feature.accept(.borrow)
    let lines = journal.lines.values
    let news = lines.firstIndex(of: "news allBorrowed")
    let echo = lines.lastIndex(of: "wish echo")
    #expect(news != nil && echo != nil)
    #expect(lines[news!...].prefix(3) == ["news allBorrowed", "actionHandled borrow", "wish echo"])
    _ = echo
    target.set(nil)
  }

  @Test("installing and uninstalling on one thread while four create features: all or nothing")
  func installWhileCreating() async throws {
    /// Counts each feature's stages.
    final class StageCount: FeatureInterceptor {
      let counts = Locked<[UInt64: Int]>([:])

      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        let id = event.feature.id
        counts.modify { $0[id, default: 0] += 1 }
      }
    }
    let count = StageCount()
    let name = "racing-\(UInt64.random(in: 0...UInt64.max))"
    let created = Locked<[Feature<Library>]>([])
    let finished = Locked(0)
    let firstInstalled = Locked(false)
    await runOnThreads(5) { thread in
      guard thread < 4 else {
        // Installed before any feature is created and until one is, then on and off until
        // every creating thread is done: some features are created with it, and the two overlap.
        var installed = FeatureInterceptors.install(count, for: .named(name))
        firstInstalled.set(true)
        while created.value.isEmpty {}
        while finished.value < 4 {
          installed.uninstall()
          for _ in 0..<20 where finished.value < 4 {}
          installed = FeatureInterceptors.install(count, for: .named(name))
          for _ in 0..<20 where finished.value < 4 {}
        }
        installed.uninstall()
        return
      }
      while !firstInstalled.value {}
      for _ in 0..<250 {
        let feature = Feature(
          initialState: 0, definition: Library(clock: VirtualClock()),
          configuration: .init(name: name))
        feature.accept(.borrow)
        created.modify { $0.append(feature) }
      }
      finished.modify { $0 += 1 }
    }
    // What one feature reports from its creation through one wish (its Bootstrapper, the wish
    // and the PostProcessor's action), from an interceptor it is given.
    let reference = StageCount()
    let referenceFeature = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()),
      configuration: .init(interceptors: [reference]))
    referenceFeature.accept(.borrow)
    let whole = try #require(reference.counts.value.values.first)
    // A feature takes the interceptors installed when it is created, for its whole life: it
    // reports every stage or none.
    let counts = count.counts.value
    #expect(counts.values.allSatisfy { $0 == whole })
    #expect(!counts.isEmpty)
    #expect(counts.count <= created.value.count)
    let later = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()), configuration: .init(name: name))
    later.accept(.borrow)
    #expect(count.counts.value.count == counts.count)
    _ = referenceFeature
  }

  @Test("installed interceptors apply to the features their filter selects, created after")
  func installedForSelectedFeatures() {
    let journal = Journal()
    let name = "installed-\(UInt64.random(in: 0...UInt64.max))"
    let token = FeatureInterceptors.install(journal, for: .named(name))
    let selected = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(name: name)
    )
    let other = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(name: name + "-other")
    )
    selected.accept(.borrow)
    other.accept(.borrow)
    token.uninstall()
    let later = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(name: name)
    )
    later.accept(.borrow)
    // The feature created while it was installed keeps it.
    selected.accept(.borrow)
    #expect(journal.features.value == [name])
    #expect(journal.lines.values.filter { $0 == "wish borrow" }.count == 2)
  }

  @Test("a describing interceptor passes each stage with its values as one line of text")
  func describingInterceptor() {
    let lines = Locked<[String]>([])
    let describing = DescribingInterceptor { feature, stage, values in
      lines.modify { $0.append("\(feature.displayName) \(stage) \(values)") }
    }
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(name: "shelf", interceptors: [describing]),
      startsImmediately: false
    )
    feature.accept(.borrow)
    // A wish accepted before start is held; its stages come when the feature starts.
    #expect(lines.value == ["shelf created 0"])
    feature.start()
    #expect(
      lines.value.prefix(3) == ["shelf created 0", "shelf started ", "shelf bootstrapAction echo"])
    #expect(lines.value.contains("shelf wish borrow"))
  }

  @Test("a type filter selects features of one definition; unnamed features are not .named")
  func typeAndNamedFilters() {
    let info = FeatureInfo(id: 1, name: nil, definitionType: Library.self)
    #expect(FeatureFilter.type(Library.self).selects(info))
    #expect(!FeatureFilter.type(Fixture.self).selects(info))
    #expect(!FeatureFilter.named.selects(info))
    #expect(
      FeatureFilter.named.selects(FeatureInfo(id: 2, name: "x", definitionType: Library.self)))
    #expect(info.displayName == "Library")
  }

  @Test("the event's accessors carry the values of their stage and nothing else")
  func accessors() {
    struct Capture: FeatureInterceptor {
      let events: Locked<[String]>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        guard event.stage == .state else { return }
        let text =
          "\(event.previousState.map { "\($0)" } ?? "-") \(event.state.map { "\($0)" } ?? "-") "
          + "\(event.effect.map { "\($0)" } ?? "-") \(event.action.map { "\($0)" } ?? "-") "
          + "\(event.wish == nil) \(event.news == nil) \(event.work == nil)"
        events.modify { $0.append(text) }
      }
    }
    let events = Locked<[String]>([])
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()),
      configuration: .init(interceptors: [Capture(events: events)]),
      startsImmediately: false
    )
    feature.accept(.borrow)
    feature.start()
    #expect(events.value.first == "0 0 started - true true true")
    #expect(events.value.dropFirst().first == "0 1 borrowed - true true true")
  }
}

/// A feature whose values are references (arrays of strings), so that an event that pointed at
/// values no longer there would read freed memory.
private struct Notebook: FeatureDefinition {
  typealias Wish = String
  typealias Effect = String
  typealias News = [String]
  func act(_ state: [String], _ action: String) -> Effects<String> {
    .many([action + "-1", action + "-2"])
  }
  func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
  func publishNews(_ action: String, _ effect: String, _ state: [String]) -> [String]? {
    state.count == 4 ? state : nil
  }
}

/// Keeps every event's values, and counts how many of it are alive.
private final class Keeper: FeatureInterceptor {
  let kept = Locked<[FeatureEvent<Notebook>]>([])

  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    guard let values = event as? FeatureEvent<Notebook> else { return }
    kept.modify { $0.append(values) }
  }
}

@Suite("Interceptors keep the values they copy", .timeLimit(.minutes(1)))
struct InterceptorValuesTests {
  @Test("kept values outlive the call; every interceptor sees every stage, in order")
  func keptValues() {
    let first = Keeper()
    let second = Keeper()
    let feature = Feature(
      initialState: ["start"], definition: Notebook(),
      configuration: .init(name: "notebook", interceptors: [first, second]))
    for word in ["a", "b"] { feature.accept(word.uppercased() + "!") }

    let stages = first.kept.value.map(\.stage.name)
    #expect(
      stages == [
        "created", "started",
        "wish", "action", "effect", "state", "effect", "state", "actionHandled",
        "wish", "action", "effect", "state", "news", "effect", "state", "actionHandled",
      ])
    #expect(second.kept.value.map(\.stage.name) == stages)
    let states = first.kept.value.filter { $0.stage == .state }
    #expect(states.map { $0.previousState?.last } == ["start", "A!-1", "A!-2", "B!-1"])
    #expect(states.map { $0.state?.last } == ["A!-1", "A!-2", "B!-1", "B!-2"])
    #expect(states.map(\.effect) == ["A!-1", "A!-2", "B!-1", "B!-2"])
    #expect(states.allSatisfy { $0.action == nil && $0.wish == nil && $0.news == nil })
    #expect(first.kept.value.filter { $0.stage == .wish }.map(\.wish) == ["A!", "B!"])
    let effects = first.kept.value.filter { $0.stage == .effect }
    #expect(effects.map(\.action) == ["A!", "A!", "B!", "B!"])
    #expect(
      first.kept.value.first { $0.stage == .news }?.news == ["start", "A!-1", "A!-2", "B!-1"])
    #expect(first.kept.value.allSatisfy { $0.feature.name == "notebook" })
    #expect(first.kept.value.first?.valueDescription == #"["start"]"#)
  }

  @Test("a feature lets go of its interceptors when it is released")
  func releasesInterceptors() {
    weak var released: Keeper?
    do {
      let keeper = Keeper()
      released = keeper
      let feature = Feature(
        initialState: [], definition: Notebook(),
        configuration: .init(interceptors: [keeper, keeper]))
      feature.accept("x")
      #expect(keeper.kept.value.count == 2 * 9)
    }
    #expect(released == nil)
  }
}

/// A feature whose wish, effect and news have no stored data (enums of one case).
private struct Ticker: FeatureDefinition {
  enum Wish: Sendable, Equatable { case tick }
  enum Effect: Sendable, Equatable { case ticked }
  enum News: Sendable, Equatable { case ticked }
  func act(_ state: Int, _ action: Wish) -> Effects<Effect> { .just(.ticked) }
  func reduce(_ state: inout Int, _ effect: Effect) { state += 1 }
  func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> News? { .ticked }
}

extension InterceptorValuesTests {
  @Test("values of types with no stored data are there in the stages that carry them")
  func emptyValues() {
    struct Capture: FeatureInterceptor {
      let lines: Locked<[String]>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        let direct = [
          event.wish.map { "\($0)" }, event.action.map { "\($0)" }, event.effect.map { "\($0)" },
          event.news.map { "\($0)" },
        ]
        let line = "\(event.stage) " + direct.map { $0 ?? "-" }.joined(separator: " ")
        lines.modify { $0.append(line) }
      }
    }
    let lines = Locked<[String]>([])
    let feature = Feature(
      initialState: 0, definition: Ticker(),
      configuration: .init(interceptors: [Capture(lines: lines)]))
    feature.accept(.tick)
    #expect(
      lines.value == [
        "created - - - -", "started - - - -", "wish tick - - -", "action - tick - -",
        "effect - tick ticked -", "state - - ticked -", "news - - - ticked",
        "actionHandled - tick - -",
      ])
  }
}

extension InterceptorValuesTests {
  @Test("each stage is named as its member, in the order of allStages, and equal only to itself")
  func stageNames() {
    let stages: [(FeatureStage, String)] = [
      (.created, "created"), (.started, "started"), (.wish, "wish"),
      (.bootstrapAction, "bootstrapAction"), (.action, "action"), (.effect, "effect"),
      (.state, "state"), (.news, "news"), (.postProcessedAction, "postProcessedAction"),
      (.actionHandled, "actionHandled"), (.workStarted, "workStarted"),
      (.workFinished, "workFinished"), (.workCancelled, "workCancelled"),
      (.workFailed, "workFailed"), (.disposed, "disposed"),
    ]
    #expect(stages.map(\.0.name) == stages.map(\.1))
    #expect(FeatureStage.allStages == stages.map(\.0))
    #expect(FeatureStage.allStages.map(\.position) == Array(0..<15))
    #expect(Set(FeatureStage.allStages).count == 15)
  }
}

@Suite("An interceptor compiled into the feature", .threadTestsTimeLimit)
struct CompiledInterceptorTests {
  @Test("a feature knows the description its events carry, and has none when nothing sees it")
  func interceptedInfo() throws {
    final class Features: FeatureInterceptor {
      let ids = Locked<Set<UInt64>>([])
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        let id = event.feature.id
        ids.modify { _ = $0.insert(id) }
      }
    }
    let features = Features()
    let attached = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()),
      configuration: .init(name: "attached", interceptors: [features], onUnhandledError: { _ in }))
    let compiled = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()).intercepted(by: features),
      configuration: .init(onUnhandledError: { _ in }))
    let unseen = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()),
      configuration: .init(onUnhandledError: { _ in }))
    let attachedInfo = try #require(attached.interceptedInfo)
    let compiledInfo = try #require(compiled.interceptedInfo)
    #expect(attachedInfo.name == "attached")
    #expect(attachedInfo.id != compiledInfo.id)
    #expect(unseen.interceptedInfo == nil)
    // Each has reported at least its `created` stage, with the same number.
    #expect(features.ids.value == [attachedInfo.id, compiledInfo.id])
    attached.dispose()
    compiled.dispose()
    unseen.dispose()
  }

  @Test("sees every stage in order, as the same interceptor attached at run time does")
  func sameStagesAsAtRunTime() async {
    let compiled = Journal()
    let attached = Journal()
    let clock = VirtualClock()
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: clock).intercepted(by: compiled),
      configuration: .init(name: "library", interceptors: [attached], onUnhandledError: { _ in })
    )
    feature.accept(.borrow)
    feature.accept(.load)
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    feature.accept(.fail)
    // 7 lines for creation and the Bootstrapper, 11 for borrow, 7 for load and 5 for fail.
    await attached.lines.waitFor(count: 30)
    feature.dispose()
    let lines = attached.lines.values
    #expect(lines.count == 31)
    #expect(compiled.lines.values == lines)
    #expect(lines.first == "created 0")
    #expect(lines.contains("workFinished work#1 for load"))
    #expect(lines.contains { $0.hasPrefix("workFailed work#2 \"failing\" for fail threw") })
    #expect(lines.last == "disposed")
  }

  @Test("alone, it sees every stage, and events name the wrapped definition")
  func aloneNamesTheBase() {
    let compiled = Journal()
    let installed = Journal()
    // Other tests create features of the same type meanwhile: this one is told by its name.
    let name = "alone-\(UInt64.random(in: 0...UInt64.max))"
    let token = FeatureInterceptors.install(
      installed,
      for: FeatureFilter { FeatureFilter.type(Library.self).selects($0) && $0.name == name })
    let feature = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()).intercepted(by: compiled),
      configuration: .init(name: name))
    token.uninstall()
    feature.accept(.borrow)
    feature.dispose()
    #expect(compiled.lines.values.count == 19)
    #expect(compiled.lines.values.prefix(3) == ["created 0", "started", "bootstrapAction echo"])
    #expect(compiled.lines.values.last == "disposed")
    // The type filter selects it by its base definition's type.
    #expect(installed.lines.values == compiled.lines.values)
    #expect(compiled.features.value == [name])
  }

  @Test("is called before the interceptors attached at run time, stage by stage")
  func calledFirst() {
    struct Tagging: FeatureInterceptor {
      let tag: String
      let lines: Locked<[String]>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        lines.modify { $0.append("\(tag) \(event.stage)") }
      }
    }
    let lines = Locked<[String]>([])
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()).intercepted(
        by: Tagging(tag: "compiled", lines: lines)),
      configuration: .init(interceptors: [Tagging(tag: "attached", lines: lines)])
    )
    feature.accept(.borrow)
    let stages = lines.value
    #expect(stages.count % 2 == 0 && !stages.isEmpty)
    for pair in stride(from: 0, to: stages.count, by: 2) {
      #expect(stages[pair].hasPrefix("compiled "))
      #expect(
        stages[pair + 1] == stages[pair].replacingOccurrences(of: "compiled", with: "attached"))
    }
  }

  @Test("a wish it sends to its own feature is queued behind the current step")
  func wishFromInterceptorIsQueued() {
    /// Sends `echo` to its feature when it sees the news, and keeps every stage.
    final class Echoing: FeatureInterceptor {
      let target = Locked<Feature<InterceptedDefinition<Library, Echoing>>?>(nil)
      let lines = Recorder<String>()
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        let values = event.valueDescription
        lines.append(values.isEmpty ? event.stage.name : "\(event.stage) \(values)")
        if event.stage == .news { target.value?.accept(.echo) }
      }
    }
    let echoing = Echoing()
    let feature = Feature(
      initialState: 0, definition: Library(clock: VirtualClock()).intercepted(by: echoing))
    echoing.target.set(feature)
    feature.accept(.borrow)
    let lines = echoing.lines.values
    let news = lines.firstIndex(of: "news allBorrowed")
    #expect(
      news.map { Array(lines[$0...].prefix(4)) }
        == ["news allBorrowed", "actionHandled borrow", "wish echo", "action echo"])
    echoing.target.set(nil)
  }

  @Test("disposed from another thread while four send: it sees what one attached at run time sees")
  func disposedWhileBusy() async {
    await ThreadTestTurns.shared.withTurn {
      for _ in 0..<5 {
        let compiled = Journal()
        let attached = Journal()
        let feature = Feature(
          initialState: 0,
          definition: Library(clock: VirtualClock()).intercepted(by: compiled),
          configuration: .init(interceptors: [attached], onUnhandledError: { _ in })
        )
        // The fifth thread sends too, and disposes halfway: no thread waits in a loop, which
        // under ThreadSanitizer on two cores kept other tests from running.
        await runOnThreads(5) { thread in
          for index in 0..<100 {
            if thread == 4, index == 50 { feature.dispose() }
            feature.accept(.borrow)
          }
        }
        let lines = attached.lines.values
        #expect(compiled.lines.values == lines)
        #expect(lines.filter { $0 == "disposed" }.count == 1)
        // Nothing starts after the feature is disposed.
        let disposed = lines.firstIndex(of: "disposed") ?? lines.endIndex
        #expect(!lines[disposed...].contains { $0.hasPrefix("wish") || $0.hasPrefix("state") })
      }
    }
  }

  @Test("on a main-actor feature sent wishes from four tasks, it is called on the main actor only")
  @MainActor
  func mainActorFeature() async {
    /// Counts its calls, and those made off the main queue.
    struct Confinement: FeatureInterceptor {
      let key: DispatchSpecificKey<Int>
      let calls: Locked<Int>
      let offMain: Locked<Int>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        calls.modify { $0 += 1 }
        if DispatchQueue.getSpecific(key: key) != 14 { offMain.modify { $0 += 1 } }
      }
    }
    // The main actor's executor is the main dispatch queue; mark it to recognise it.
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 14)
    let calls = Locked(0)
    let offMain = Locked(0)
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock())
        .intercepted(by: Confinement(key: key, calls: calls, offMain: offMain)),
      configuration: .init(isolation: .mainActor)
    )
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          #expect(DispatchQueue.getSpecific(key: key) == nil)
          for _ in 0..<25 { feature.accept(.borrow) }
        }
      }
    }
    // The first borrow posts another; each of the 100 adds one.
    _ = await feature.waitForState { $0 == 101 }
    #expect(calls.value > 400)
    #expect(offMain.value == 0)
  }

  @Test("a released feature lets go of its compiled interceptor and its trace")
  func releasesCompiledInterceptor() {
    weak var interceptor: Journal?
    do {
      let journal = Journal()
      interceptor = journal
      let feature = Feature(
        initialState: 0, definition: Library(clock: VirtualClock()).intercepted(by: journal))
      feature.accept(.borrow)
      #expect(journal.lines.values.contains("wish borrow"))
    }
    // The wrapped definition holds it too, so this is released only when the core, and the
    // trace it retained, are.
    #expect(interceptor == nil)
  }

  @Test(
    "a log kept by a compiled-in FeatureEventLogs has the same stages, values and numbers as one attached at run time"
  )
  func compiledLogSameAsAttached() async throws {
    /// Keeps the logs of the wrapped library it is given.
    final class Logs: FeatureEventLogReceiver {
      typealias Wrapped = InterceptedDefinition<Library, FeatureEventLogs>
      let logs = Locked<[FeatureEventLog<Wrapped>]>([])
      func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
        if let log = log as? FeatureEventLog<Wrapped> { logs.modify { $0.append(log) } }
      }
    }
    let compiled = Logs()
    let attached = Logs()
    let clock = VirtualClock()
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: clock).intercepted(
        by: FeatureEventLogs(capacity: 256, receiver: compiled)),
      configuration: .init(
        interceptors: [FeatureEventLogs(capacity: 256, receiver: attached)],
        onUnhandledError: { _ in }))
    feature.accept(.borrow)
    feature.accept(.load)
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    feature.accept(.fail)
    feature.accept(.echo)
    let written = try #require(compiled.logs.value.first)
    let atRunTime = try #require(attached.logs.value.first)
    // The failing work ends on its own task: wait until the feature has nothing pending.
    await feature.idle()
    feature.dispose()
    func lines(_ log: FeatureEventLog<Logs.Wrapped>) -> [String] {
      log.read().entries.map { "\($0.number) \($0.values.stage) \($0.values.valueDescription)" }
    }
    #expect(compiled.logs.value.count == 1 && attached.logs.value.count == 1)
    #expect(lines(written) == lines(atRunTime))
    #expect(lines(written).count > 30)
    let stages = written.read().entries.map(\.values.stage)
    #expect(stages.prefix(3) == [.created, .started, .bootstrapAction])
    #expect(stages.filter { $0 == .wish }.count == 4)
    #expect(stages.last == .disposed)
    #expect(stages.contains(.workFinished))
    #expect(ObjectIdentifier(written.feature.definitionType) == ObjectIdentifier(Library.self))
  }

  @Test("an event's values can be kept, as from an interceptor attached at run time")
  func keptValues() {
    struct Keeping: FeatureInterceptor {
      let states: Locked<[Int]>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        guard event.stage == .state, let state = event.state as? Int else { return }
        states.modify { $0.append(state) }
      }
    }
    let states = Locked<[Int]>([])
    let feature = Feature(
      initialState: 0,
      definition: Library(clock: VirtualClock()).intercepted(by: Keeping(states: states)))
    feature.accept(.borrow)
    #expect(states.value == [0, 1, 2])
  }

  @Test("features on four threads at once: each one's interceptor sees its own wishes, in order")
  func concurrentSenders() async {
    /// Keeps the wishes one feature's interceptor saw.
    final class Wishes: FeatureInterceptor {
      let seen = Locked<[Counter.Wish]>([])
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        guard event.stage == .wish, let wish = event.wish as? Counter.Wish else { return }
        seen.modify { $0.append(wish) }
      }
    }
    let interceptors = (0..<4).map { _ in Wishes() }
    let features = interceptors.map {
      Feature(initialState: 0, definition: Counter().intercepted(by: $0))
    }
    // Each thread sends to every feature, so the four share each feature's queue.
    await runOnThreads(4) { thread in
      for index in 0..<200 {
        for feature in features { feature.accept(.add(thread * 1_000 + index)) }
      }
    }
    for (feature, interceptor) in zip(features, interceptors) {
      let seen = interceptor.seen.value
      #expect(seen.count == 800)
      #expect(feature.state == seen.reduce(0) { total, wish in total + wish.amount })
      for thread in 0..<4 {
        let own = seen.map(\.amount).filter { $0 / 1_000 == thread }
        #expect(own == (0..<200).map { thread * 1_000 + $0 })
      }
    }
  }
}

/// Adds each wish's amount to the state.
private struct Counter: FeatureDefinition {
  enum Wish: Sendable {
    case add(Int)
    var amount: Int {
      switch self {
      case .add(let amount): amount
      }
    }
  }
  typealias Action = Wish
  typealias Effect = Wish
  func reduce(_ state: inout Int, _ effect: Wish) { state += effect.amount }
}
