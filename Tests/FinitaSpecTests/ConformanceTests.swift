#if Spec
  import Finita
  import FinitaExamples
  import FinitaTesting
  import Foundation
  import Testing

  /// The cross-runtime suite: each scenario of `Kotlin/conformance/scenarios` (wishes, virtual
  /// time, failures to inject, dispose) runs on the Swift engine here and on the Kotlin runtime
  /// (`Kotlin/runtime`, driven by `Kotlin/conformance`, compiled once with `kotlinc`); the two
  /// traces of steps, effects, states and news must be identical, line for line.
  @Suite("Kotlin runtime conformance")
  struct ConformanceTests {
    static let kotlinFolder = SpecFixtures.root.appendingPathComponent("Kotlin")

    /// The scenario files, sorted by name.
    static var scenarioFiles: [URL] {
      let folder = kotlinFolder.appendingPathComponent("conformance/scenarios")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".json") }.sorted().map {
        folder.appendingPathComponent($0)
      }
    }

    /// The Kotlin sources of a folder under `Kotlin/`, recursively.
    static func kotlinSources(_ folder: String) -> [String] {
      let root = kotlinFolder.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
      return files.filter { $0.hasSuffix(".kt") }.sorted().map {
        root.appendingPathComponent($0).path
      }
    }

    @Test("the Swift engine logs the PostProcessor's wish queued: effects a, b, c")
    func swiftOrder() async throws {
      let scenario = try Self.read(
        Self.scenarioFiles.first { $0.lastPathComponent == "relay-postprocessor-queued.json" })
      let trace = try await Self.swiftTrace(scenario)
      #expect(
        trace.filter { $0.hasPrefix("effect") }.prefix(3) == ["effect a", "effect b", "effect c"])
      #expect(
        trace.filter { $0.hasPrefix("news") }.prefix(2) == ["news aDone", "news cDone"])
    }

    @Test(
      "every scenario gives the same trace on the Swift engine and the Kotlin runtime",
      .enabled(if: KotlinTraceTests.canRun))
    func tracesMatch() async throws {
      let kotlinc = try #require(KotlinTraceTests.tool("kotlinc"), "kotlinc is not installed")
      let kotlin = try #require(KotlinTraceTests.tool("kotlin"), "kotlin is not installed")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-conformance-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let jar = folder.appendingPathComponent("conformance.jar").path
      let sources =
        Self.kotlinSources("runtime") + Self.kotlinSources("examples")
        + Self.kotlinSources("conformance")
      _ = try await KotlinTraceTests.run(kotlinc, sources + ["-d", jar])
      let files = Self.scenarioFiles
      #expect(files.count >= 16)
      let output = try await KotlinTraceTests.run(
        kotlin, ["-cp", jar, "finita.conformance.MainKt"] + files.map(\.path))
      let kotlinTraces = Self.split(output)
      for file in files {
        let scenario = try Self.read(file)
        let name = try #require(scenario["name"] as? String, "\(file.lastPathComponent)")
        let swift = try await Self.swiftTrace(scenario)
        let kotlinTrace = kotlinTraces[name] ?? []
        #expect(swift.count > 3, "\(file.lastPathComponent)")
        #expect(
          kotlinTrace == swift,
          "\(file.lastPathComponent):\n\(Self.diff(swift: swift, kotlin: kotlinTrace))")
      }
      // Any thread may send: 8 threads, 10,000 wishes each, on one Kotlin feature.
      let threads = try await KotlinTraceTests.run(
        kotlin, ["-cp", jar, "finita.conformance.MainKt", "--threads"])
      #expect(threads.hasPrefix("threads: 80000 wishes from 8 threads"), "\(threads)")
    }

    // MARK: - Reading

    static func read(_ file: URL?) throws -> [String: Any] {
      let file = try #require(file, "no such scenario")
      let data = try Data(contentsOf: file)
      return try #require(
        try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(file.lastPathComponent)")
    }

    /// The Kotlin driver's output, by scenario name.
    static func split(_ output: String) -> [String: [String]] {
      var traces: [String: [String]] = [:]
      var name = ""
      for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("scenario ") {
          name = String(line.dropFirst("scenario ".count))
          traces[name] = []
        } else if !line.isEmpty {
          traces[name, default: []].append(String(line))
        }
      }
      return traces
    }

    /// The lines of both traces, `-` for Swift only, `+` for Kotlin only.
    static func diff(swift: [String], kotlin: [String]) -> String {
      let changes = kotlin.difference(from: swift)
      return changes.map { change -> String in
        switch change {
        case .insert(let offset, let line, _): "+ \(offset): \(line)"
        case .remove(let offset, let line, _): "- \(offset): \(line)"
        }
      }.joined(separator: "\n")
    }

    // MARK: - The Swift driver

    /// Runs a scenario on the Swift engine, through a ``FeatureTester`` and its virtual clock.
    static func swiftTrace(_ scenario: [String: Any]) async throws -> [String] {
      let log = TraceLog()
      func number(_ key: String, _ fallback: Int) -> Int { scenario[key] as? Int ?? fallback }
      switch scenario["feature"] as? String {
      case "Relay":
        let boot = try (scenario["bootstrap"] as? [String] ?? []).map(Relay.Wish.parse)
        return try await drive(
          scenario, log, initialState: [],
          make: { Relay(clock: $0, bootstrapWishes: boot) },
          parse: Relay.Wish.parse,
          describeState: { "[\($0.joined(separator: ", "))]" },
          describeEffect: { $0 },
          describeNews: { $0 })
      case "CallTracker":
        let waiting = number("waitingTime", 1000)
        return try await drive(
          scenario, log, initialState: CallState.none,
          make: { CallTracker(clock: $0, waitingTime: .milliseconds(waiting)) },
          parse: { name in
            guard let event = CallEvent.allCases.first(where: { "\($0)" == name }) else {
              throw ConformanceError(message: "unknown wish '\(name)'")
            }
            return event
          },
          describeState: { "\($0)" },
          describeEffect: { $0.description },
          describeNews: { "\($0)" })
      case "Paginator":
        let catalog = PageCatalog.seeded(
          itemCount: number("items", 12), pageSize: number("pageSize", 5))
        let latency = number("latency", 100)
        let sources = LockedValue<[InMemoryPageSource]>([])
        return try await drive(
          scenario, log, initialState: PaginationState(),
          make: { clock in
            let source = InMemoryPageSource(
              catalog: catalog, latency: .milliseconds(latency), clock: clock)
            sources.withLock { $0.append(source) }
            return Paginator(source: source, prefetchDistance: number("prefetchDistance", 0))
          },
          parse: paginationWish,
          describeState: { $0.description },
          describeEffect: describe,
          describeNews: { news in
            switch news {
            case .itemChangeDidFail(let change, let error): "itemChangeDidFail(\(change), \(error))"
            }
          },
          extra: { step, value in
            guard let count = value as? Int, let source = sources.withLock({ $0.first }) else {
              return false
            }
            switch step {
            case "failNextLoad": source.failNextLoad(ofPage: count)
            case "failNextChange": for _ in 0..<count { source.failNextChange() }
            default: return false
            }
            return true
          })
      default:
        throw ConformanceError(message: "unknown feature in \(scenario)")
      }
    }

    /// A paginator wish of a scenario: `load`, `loadNext`, `refresh`, `appear 7` (the row at 7
    /// came on screen), `edit 3 New title` (item 3 gets that title), `delete 3`.
    static func paginationWish(_ text: String) throws -> PaginationWish {
      let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
      func number() throws -> Int {
        guard parts.count > 1, let value = Int(parts[1]) else {
          throw ConformanceError(message: "the wish '\(text)' needs a number after '\(parts[0])'")
        }
        return value
      }
      switch parts.first {
      case "load": return .load(isNextPage: false)
      case "loadNext": return .load(isNextPage: true)
      case "refresh": return .refresh
      case "appear": return .itemDidAppear(at: try number())
      case "delete": return .delete(itemID: try number())
      case "edit":
        let id = try number()
        guard parts.count > 2 else {
          throw ConformanceError(message: "the wish '\(text)' needs a title after the number")
        }
        return .edit(ListItem(id: id, title: parts[2]))
      default: throw ConformanceError(message: "unknown wish '\(text)'")
      }
    }

    static func describe(_ effect: PaginationEffect) -> String {
      switch effect {
      case .itemsDidLoad(let items):
        let list = items.items.map(\.description).joined(separator: "; ")
        let next = items.nextPageIndex.map { "next page \($0)" } ?? "last page"
        return "itemsDidLoad([\(list)], \(next))"
      case .itemsLoadingDidFail(let error, let isPaginationError):
        return "itemsLoadingDidFail(\(error), isPaginationError: \(isPaginationError))"
      case .itemsLoadingDidStart(let isNextPage):
        return "itemsLoadingDidStart(isNextPage: \(isNextPage))"
      case .itemsRefreshingDidStart:
        return "itemsRefreshingDidStart"
      case .itemChangeDidStart(let change):
        return "itemChangeDidStart(\(change))"
      case .itemChangeDidSucceed:
        return "itemChangeDidSucceed"
      case .itemChangeDidFail(let change, let error):
        return "itemChangeDidFail(\(change), \(error))"
      }
    }

    /// Runs the steps of `scenario` on a feature of `make`'s definition, logging each effect
    /// (from the Reducer), state and news (from observers) and each step.
    static func drive<Definition: FeatureDefinition>(
      _ scenario: [String: Any],
      _ log: TraceLog,
      initialState: Definition.State,
      make: (VirtualClock) -> Definition,
      parse: (String) throws -> Definition.Wish,
      describeState: @escaping @Sendable (Definition.State) -> String,
      describeEffect: @escaping @Sendable (Definition.Effect) -> String,
      describeNews: @escaping @Sendable (Definition.News) -> String,
      extra: (String, Any) -> Bool = { _, _ in false }
    ) async throws -> [String] where Definition.State: Equatable {
      let tester = FeatureTester(initialState: initialState, startsImmediately: false) { clock in
        Logged(base: make(clock), log: log, describe: describeEffect)
      }
      tester.exhaustivity = .off
      let feature = tester.feature
      var trigger: (state: String, wish: Definition.Wish)?
      if let sends = scenario["observerSends"] as? [String: String], let state = sends["state"],
        let wish = sends["wish"]
      {
        trigger = (state, try parse(wish))
      }
      let fixedTrigger = trigger
      let states = feature.observeState { state in
        let text = describeState(state)
        log.add("state \(text)")
        if let fixedTrigger, fixedTrigger.state == text {
          log.add("> observer sends \(fixedTrigger.wish)")
          feature.accept(fixedTrigger.wish)
        }
      }
      let news = feature.observeNews { log.add("news \(describeNews($0))") }
      log.add("> start")
      await tester.start()
      for step in scenario["steps"] as? [[String: Any]] ?? [] {
        guard let (kind, value) = step.first, step.count == 1 else {
          throw ConformanceError(message: "a step is not one member: \(step)")
        }
        log.add("> \(kind)" + (kind == "dispose" ? "" : " \(value)"))
        switch kind {
        case "wish":
          await tester.send(try parse(value as? String ?? ""))
        case "advance":
          await tester.advance(by: .milliseconds(value as? Int ?? 0))
        case "dispose":
          feature.dispose()
        default:
          if !extra(kind, value) { throw ConformanceError(message: "unknown step '\(kind)'") }
        }
      }
      await tester.finish()
      states.cancel()
      news.cancel()
      return log.lines
    }
  }

  /// A scenario the drivers cannot read.
  struct ConformanceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The lines of one trace, written by observers and the Reducer.
  final class TraceLog: Sendable {
    private let storage = LockedValue<[String]>([])

    func add(_ line: String) { storage.withLock { $0.append(line) } }

    var lines: [String] { storage.withLock { $0 } }
  }

  /// A definition that writes each effect to a trace before its base reduces it.
  struct Logged<Base: FeatureDefinition>: FeatureDefinition {
    typealias Wish = Base.Wish
    typealias Action = Base.Action
    typealias Effect = Base.Effect
    typealias State = Base.State
    typealias News = Base.News

    let base: Base
    let log: TraceLog
    let describe: @Sendable (Effect) -> String

    func wishToAction(_ wish: Wish) -> Action { base.wishToAction(wish) }
    func act(_ state: State, _ action: Action) -> Effects<Effect> { base.act(state, action) }
    func reduce(_ state: inout State, _ effect: Effect) {
      log.add("effect \(describe(effect))")
      base.reduce(&state, effect)
    }
    func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News? {
      base.publishNews(action, effect, state)
    }
    func postProcess(_ action: Action, _ effect: Effect, _ state: State) -> Action? {
      base.postProcess(action, effect, state)
    }
    func bootstrap() -> Effects<Action> { base.bootstrap() }
    func effect(for error: any Error, from action: Action) -> Effect? {
      base.effect(for: error, from: action)
    }
  }

  /// The re-entrancy feature of the suite: `first` gives a and b, the PostProcessor answers a
  /// with `second`, which gives c. Queued: a, b, c; handled recursively it would be a, c, b.
  struct Relay: FeatureDefinition {
    enum Wish: String, Sendable, CustomStringConvertible {
      case first, second, later, stop

      static func parse(_ name: String) throws -> Wish {
        guard let wish = Wish(rawValue: name) else {
          throw ConformanceError(message: "unknown wish '\(name)'")
        }
        return wish
      }

      var description: String { rawValue }
    }
    typealias State = [String]
    typealias Effect = String
    typealias News = String

    let clock: any Clock<Duration>
    let bootstrapWishes: [Wish]

    func act(_ state: State, _ action: Wish) -> Effects<String> {
      switch action {
      case .first: .many("a", "b")
      case .second: .just("c")
      case .later:
        .delayed("d", by: .milliseconds(500), clock: clock)
          .cancellable(id: "later", cancelInFlight: true)
      case .stop: .cancel(id: "later")
      }
    }

    func reduce(_ state: inout State, _ effect: String) { state.append(effect) }

    func publishNews(_ action: Wish, _ effect: String, _ state: State) -> String? {
      effect == "a" || effect == "c" ? "\(effect)Done" : nil
    }

    func postProcess(_ action: Wish, _ effect: String, _ state: State) -> Wish? {
      effect == "a" ? .second : nil
    }

    func bootstrap() -> Effects<Wish> { .many(bootstrapWishes) }
  }
#endif  // Spec
