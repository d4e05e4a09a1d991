#if Inspector
  import Finita
  import FinitaExamples
  import FinitaInspector
  import FinitaInspectorClient
  import Foundation

  /// The inspector with three seed examples connected to it, for `finita inspect --demo`.
  ///
  /// All three features can be moved in time, sent wishes from the page's form and drawn: the
  /// parking meter is a machine; the music player's diagram is its status table, and the
  /// paginator's is the loading stages its state goes through (the demo's `PaginatorStages`),
  /// with its asynchronous page loads. The player and the paginator keep moving (see
  /// `loopInterval`), so the page never goes still. Their seed types are not `Codable`: the demo
  /// gives them the encoding Swift would synthesize (`ExampleCoding.swift`).
  ///
  /// ```swift
  /// let demo = InspectorDemo(server: InspectorServer())
  /// let urls = try await demo.start()
  /// print(urls.page)
  /// ```
  package final class InspectorDemo: Sendable {
    /// The inspector.
    package let server: InspectorServer
    private let parts = LockedValue<Parts?>(nil)
    private let report: @Sendable (String) -> Void

    private let load: Load?
    private let loopInterval: Duration?

    private struct Parts: Sendable {
      let client: InspectorClient
      let meter: Feature<ParkingMeter>
      let player: Feature<MusicPlayer>
      let paginator: Feature<Paginator>
      let watcher: Task<Void, Never>
      var loadTask: Task<Void, Never>?
      var loopTask: Task<Void, Never>?
    }

    /// Extra features that keep the inspector busy: the load the inspector is built to take.
    package struct Load: Sendable {
      /// How many features send.
      package var features: Int
      /// How many stages each feature makes per second (a wish makes 6).
      package var stagesPerSecond: Int

      /// Creates a load; by default 10 features at 10,000 stages per second each.
      ///
      /// - Parameters:
      ///   - features: How many features send.
      ///   - stagesPerSecond: How many stages each makes per second.
      package init(features: Int = 10, stagesPerSecond: Int = 10_000) {
        self.features = features
        self.stagesPerSecond = stagesPerSecond
      }
    }

    /// Creates the demo.
    ///
    /// - Parameters:
    ///   - server: The inspector to start.
    ///   - report: Where the demo writes what its features do (the app side); standard output by
    ///     default.
    ///   - load: Extra features that send at a steady rate until ``shutdown()``; none by default.
    ///   - loopInterval: How often the music player and the paginator take their next wish, round
    ///     and round until ``shutdown()``, so that the page always has something moving; every 2 s
    ///     by default, `nil` for never. The parking meter moves only when the page says so: its
    ///     history stays as the page's user left it.
    package init(
      server: InspectorServer,
      load: Load? = nil,
      loopInterval: Duration? = .seconds(2),
      report: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
      self.server = server
      self.load = load
      self.loopInterval = loopInterval
      self.report = report
    }

    /// Starts the inspector, the example features and the client that connects them, and runs a
    /// few wishes through each feature.
    ///
    /// - Returns: The inspector's addresses.
    /// - Throws: The inspector's start errors.
    @discardableResult
    package func start() async throws -> InspectorServer.Addresses {
      let addresses = try await server.start()
      let client = InspectorClient.start(
        url: addresses.app.absoluteString,
        configuration: .init(appName: "finita demo", features: Self.features))
      let meter = Feature(
        initialState: ParkingState.idle, definition: ParkingMeter(fee: 3),
        configuration: .init(name: "parkingMeter"))
      let player = Feature(
        initialState: MusicPlayerState(
          playlist: [
            Track(title: "Blue in Green", artist: "Miles Davis"),
            Track(title: "Naima", artist: "John Coltrane"),
          ]),
        definition: MusicPlayer(),
        configuration: .init(name: "musicPlayer"))
      let items = (1...12).map { ListItem(id: $0, title: "Item \($0)") }
      let paginator = Feature(
        initialState: PaginationState(),
        definition: Paginator(
          source: InMemoryPageSource(catalog: PageCatalog(items: items, pageSize: 5))),
        configuration: .init(name: "paginator"))
      client.inspect(
        meter, automaton: meter.definition.automaton, wishExample: .insert(amount: 3),
        wishCases: [.enterPlate("B-42"), .insert(amount: 3), .leave])
      client.inspect(player, automaton: MusicPlayer.table, stage: { $0.status }, wishExample: .play)
      client.inspect(
        paginator, automaton: PaginatorStages.automaton,
        stage: { PaginatorStages.stage(of: $0) }, wishExample: .refresh,
        wishCases: [
          .load(isNextPage: true), .refresh, .itemDidAppear(at: 9),
          .edit(ListItem(id: 1, title: "Item 1, edited")), .delete(itemID: 2),
        ])
      let report = self.report
      let watcher = Task {
        for await state in meter.states {
          report("[demo] parkingMeter state: \(state)")
        }
      }
      parts.withLock {
        $0 = Parts(
          client: client, meter: meter, player: player, paginator: paginator, watcher: watcher)
      }
      for await event in client.connectionEvents where event == .connected { break }
      meter.accept(.enterPlate("B-42"))
      meter.accept(.insert(amount: 1))
      meter.accept(.insert(amount: 5))
      meter.accept(.leave)
      meter.accept(.enterPlate("C-7"))
      player.accept(.play)
      player.accept(.next)
      player.accept(.pause)
      paginator.accept(.load(isNextPage: false))
      if let load {
        let task = Task.detached { await Self.run(load) }
        parts.withLock { $0?.loadTask = task }
      }
      if let loopInterval {
        let task = Task.detached {
          await Self.loop(player: player, paginator: paginator, every: loopInterval)
        }
        parts.withLock { $0?.loopTask = task }
      }
      return addresses
    }

    /// The demo's features, by name: the client streams only these, and leaves alone any other
    /// feature of the process (in tests, the features of the tests running alongside).
    static let features = FeatureFilter { feature in
      guard let name = feature.name else { return false }
      return ["parkingMeter", "musicPlayer", "paginator"].contains(name) || name.hasPrefix("load")
    }

    /// Runs `load`'s features until cancelled: every 10 ms each sends the wishes that make its
    /// share of stages.
    private static func run(_ load: Load) async {
      let counters = (0..<load.features).map { index in
        Feature(
          initialState: LoadCounter.State(), definition: LoadCounter(),
          configuration: .init(name: "load\(index)"))
      }
      let perTick = max(1, load.stagesPerSecond / LoadCounter.stagesPerWish / 100)
      let clock = ContinuousClock()
      await withTaskGroup(of: Void.self) { group in
        for counter in counters {
          group.addTask {
            var next = clock.now
            while !Task.isCancelled {
              for _ in 0..<perTick { counter.accept(.add(1)) }
              next = next.advanced(by: .milliseconds(10))
              try? await clock.sleep(until: next)
            }
          }
        }
      }
      for counter in counters { counter.dispose() }
    }

    /// Sends the player and the paginator their next wish every `interval` until cancelled: the
    /// player goes through its buttons, the paginator through its pages and back to the first.
    private static func loop(
      player: Feature<MusicPlayer>, paginator: Feature<Paginator>, every interval: Duration
    ) async {
      let buttons: [PlayerButton] = [.next, .play, .pause, .play, .stop, .play, .next, .pause]
      let pages: [PaginationWish] = [.load(isNextPage: true), .load(isNextPage: true), .refresh]
      let clock = ContinuousClock()
      var next = clock.now
      var round = 0
      while !Task.isCancelled {
        next = next.advanced(by: interval)
        do { try await clock.sleep(until: next) } catch { break }
        player.accept(buttons[round % buttons.count])
        paginator.accept(pages[round % pages.count])
        round += 1
      }
    }

    /// Stops the client, the features and the inspector.
    package func shutdown() async {
      let current = parts.withLock { parts in
        defer { parts = nil }
        return parts
      }
      if let current {
        current.loopTask?.cancel()
        await current.loopTask?.value
        await current.client.stop()
        current.meter.dispose()
        current.player.dispose()
        current.paginator.dispose()
        current.watcher.cancel()
        await current.watcher.value
        current.loadTask?.cancel()
        await current.loadTask?.value
      }
      await server.shutdown()
    }
  }

  /// A counter whose every wish makes 6 stages (wish, action, effect, state, news, handled): the
  /// demo's load, and the load harness's (`Tests/FinitaInspectorLoad`).
  package struct LoadCounter: FeatureDefinition {
    package static let stagesPerWish = 6

    package struct State: Codable, Sendable {
      package var count = 0
      package init() {}
    }
    package enum Wish: Codable, Sendable {
      case add(Int)
    }
    package typealias Effect = Wish
    package typealias News = Int

    package init() {}

    package func act(_ state: State, _ action: Wish) -> Effects<Wish> { .just(action) }

    package func reduce(_ state: inout State, _ effect: Wish) {
      if case .add(let amount) = effect { state.count += amount }
    }

    package func publishNews(_ action: Wish, _ effect: Wish, _ state: State) -> Int? {
      state.count
    }
  }
#endif  // Inspector
