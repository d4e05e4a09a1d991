#if Inspector
  import Finita
  import FinitaAutomaton
  import FinitaInspectorProtocol
  import FinitaRedux
  import Foundation
  import HummingbirdWSClient
  import Logging

  /// Streams every stage of every feature to a running Finita Inspector, and takes its commands.
  ///
  /// Start it once, early, in debug builds, before the features it should see are created (features
  /// pick their interceptors when they are created):
  ///
  /// ```swift
  /// #if DEBUG
  /// let inspector = InspectorClient.start(url: "ws://127.0.0.1:7447/app?token=…")
  /// #endif
  /// let meter = Feature(initialState: .idle, definition: ParkingMeter(fee: 3))
  /// inspector.inspect(meter, automaton: meter.definition.automaton)  // time travel, wishes, diagram
  /// ```
  ///
  /// The client never blocks a feature: the engine keeps each feature's stages in a bounded log
  /// that the client's sender reads, and when a log is full its oldest stages are dropped and the
  /// page is told how many. When the inspector is gone the app keeps
  /// working, and the client reconnects with a growing delay.
  public final class InspectorClient: Sendable {
    /// How the client behaves.
    public struct Configuration: Sendable {
      /// The app's name on the page; the process's name by default.
      public var appName: String
      /// How many stages of each feature wait for the inspector at most; older ones are dropped
      /// beyond.
      public var bufferCapacity: Int
      /// How many stages one message carries at most.
      public var batchSize: Int
      /// The delay before the reconnection attempt with this number (0, 1, 2, …).
      public var reconnectDelay: @Sendable (Int) -> Duration
      /// How often the sender looks for new stages when it has sent all it had: features do not
      /// wake it, so that a wish never waits for the client.
      public var pollInterval: Duration
      /// Which features the client streams: those created while it runs that the filter selects.
      public var features: FeatureFilter

      /// Creates a configuration.
      ///
      /// - Parameters:
      ///   - appName: The app's name on the page.
      ///   - bufferCapacity: How many stages of each feature wait for the inspector at most.
      ///   - batchSize: How many stages one message carries at most.
      ///   - reconnectDelay: The delay before each reconnection attempt; by default 250 ms,
      ///     doubling up to 10 s.
      ///   - pollInterval: How often the sender looks for new stages when idle; 20 ms by default.
      ///   - features: Which features to stream; every feature by default.
      public init(
        appName: String = ProcessInfo.processInfo.processName,
        bufferCapacity: Int = 10_000,
        batchSize: Int = 256,
        reconnectDelay: @escaping @Sendable (Int) -> Duration = InspectorClient.exponentialBackoff,
        pollInterval: Duration = .milliseconds(20),
        features: FeatureFilter = .all
      ) {
        self.appName = appName
        self.bufferCapacity = bufferCapacity
        self.batchSize = batchSize
        self.reconnectDelay = reconnectDelay
        self.pollInterval = pollInterval
        self.features = features
      }
    }

    /// 250 ms doubling with each attempt, at most 10 s.
    ///
    /// - Parameter attempt: The attempt's number, from 0.
    /// - Returns: The delay before it.
    public static func exponentialBackoff(_ attempt: Int) -> Duration {
      .milliseconds(min(250 << min(attempt, 6), 10_000))
    }

    /// Whether the client is connected, as it changes.
    public enum ConnectionEvent: Sendable, Hashable {
      /// Connected to the inspector.
      case connected
      /// The connection ended or could not be made; the client retries after the delay.
      case disconnected
      /// The address cannot reach an inspector (not a `ws://` or `wss://` URL with a host, or the
      /// page's `http://` address); the client never connects and does not retry. The text says
      /// what is wrong and which address to give; the client also writes it to standard error,
      /// and uninstalls its interceptor, so features made afterwards cost nothing.
      case invalidAddress(String)
      /// A server answered at the address but refused the connection: most often the token in
      /// the address is not the inspector's, because `finita inspect` makes a new one each time
      /// it starts (unless given `--token`). The client tries again after the delay, as after
      /// ``disconnected``; the text says what to do, and the first refusal after a connection
      /// (or the start) is also written to standard error.
      case refused(String)
    }

    private struct Registry {
      /// The features handed over with `inspect`, by their numbers; the last hand-over of a
      /// feature counts.
      var attachments: [UInt64: InspectorAttachment] = [:]
      var seen: [UInt64: FeatureInfo] = [:]
      /// Features already announced that were handed over since: announced again, with what the
      /// page may do with them.
      var rebinding: Set<UInt64> = []
      /// A machine's state changed since the diagrams were last sent (also by time travel, which
      /// no stage reports).
      var diagramsStale = false
    }

    private let url: String
    private let configuration: Configuration
    private let buffer: EventBuffer
    /// When the steps' clock started, in seconds since 1970: read just before the interceptor
    /// that times the steps from its own start.
    private let startedAt: Double
    private let registry = LockedValue(Registry())
    private let installed: InstalledInterceptor
    private let task: LockedValue<Task<Void, Never>?> = LockedValue(nil)
    /// The state subscriptions of the machines with diagrams, ended by ``stop()``; `nil` once
    /// stopped.
    private let diagramWatchers: LockedValue<[Subscription]?> = LockedValue([])
    private let connectionContinuation: AsyncStream<ConnectionEvent>.Continuation
    /// The client's connection as it changes; for tests and status lines.
    ///
    /// It is one stream: iterate it from one task (a second task iterating it at the same time
    /// stops the process, as with any `AsyncStream`). The newest 64 events wait for it.
    public let connectionEvents: AsyncStream<ConnectionEvent>
    private let connected = LockedValue(false)

    private init(url: String, configuration: Configuration) {
      self.url = url
      self.configuration = configuration
      buffer = EventBuffer(capacity: configuration.bufferCapacity)
      startedAt = Date().timeIntervalSince1970
      installed = FeatureInterceptors.install(
        InspectorInterceptor(buffer: buffer), for: configuration.features)
      (connectionEvents, connectionContinuation) = AsyncStream.makeStream(
        of: ConnectionEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    /// Installs the client's interceptor and starts streaming to the inspector at `url`.
    ///
    /// An address that cannot reach an inspector (not `ws://` or `wss://` with a host) is
    /// reported once, on standard error and as ``ConnectionEvent/invalidAddress(_:)``, and never
    /// tried.
    ///
    /// - Parameters:
    ///   - url: The app address `finita inspect` prints, `ws://127.0.0.1:PORT/app?token=…`.
    ///   - configuration: Buffer, batch and reconnection settings.
    /// - Returns: The running client; keep it, and ``stop()`` it to uninstall.
    public static func start(url: String, configuration: Configuration = .init())
      -> InspectorClient
    {
      let client = InspectorClient(url: url, configuration: configuration)
      client.task.withLock { $0 = Task { await client.run() } }
      return client
    }

    /// Lets the inspector move `feature` in time and send it wishes typed as JSON.
    ///
    /// The commands go to this very feature, even when others share its type and name. A feature
    /// created before the client started is not streamed, so the page cannot show it and this call
    /// does nothing for it. Handing a feature over again replaces what was given before (a wish
    /// example, a machine's diagram), and the page is told.
    ///
    /// Swift cannot list the cases of an enum with values, so the page's wish form knows those
    /// the app hands over in `wishCases`, one sample of each: it shows a field per value, typed by
    /// the sample, and writes the JSON itself. A wish of no known case is answered with the cases
    /// there are. A wish type that is `CaseIterable` needs no samples.
    ///
    /// ```swift
    /// inspector.inspect(meter, wishCases: [.enterPlate("B-42"), .insert(amount: 3), .leave])
    /// ```
    ///
    /// - Parameters:
    ///   - feature: The feature; the client does not keep it alive.
    ///   - wishExample: A wish the page offers as a start.
    ///   - wishCases: One sample of each case the page's form offers, in the order it lists them.
    @discardableResult
    public func inspect<Definition: FeatureDefinition>(
      _ feature: Feature<Definition>, wishExample: Definition.Wish? = nil,
      wishCases: [Definition.Wish] = []
    ) -> InspectorClient where Definition.State: Codable, Definition.Wish: Decodable {
      // Whether it was attached matters only to the machine's form below, which adds a watcher.
      _ = attach(
        .make(
          feature, wishExample: wishExample, wishCases: wishCases,
          decodeState: { try JSONDecoding.decode(Definition.State.self, from: $0) },
          decodeWish: { try JSONDecoding.decode(Definition.Wish.self, from: $0) },
          diagram: nil, history: history))
      return self
    }

    /// Lets the inspector move a machine in time, send it events typed as JSON, and draw its
    /// diagram with the current state highlighted.
    ///
    /// - Parameters:
    ///   - feature: The feature that runs the machine.
    ///   - automaton: The machine, for its diagram.
    ///   - wishExample: An event the page offers as a start.
    ///   - wishCases: One sample of each event the page's form offers (see
    ///     ``inspect(_:wishExample:wishCases:)``); a click on a transition sends its event's sample.
    @discardableResult
    public func inspect<Definition: FeatureDefinition, Event: AutomatonEvent, Output: Sendable>(
      _ feature: Feature<Definition>,
      automaton: Automaton<Definition.State, Event, Output>,
      wishExample: Definition.Wish? = nil,
      wishCases: [Definition.Wish] = []
    ) -> InspectorClient where Definition.State: Codable, Definition.Wish: Decodable {
      inspect(
        feature, automaton: automaton, stage: { $0 }, wishExample: wishExample,
        wishCases: wishCases)
    }

    /// Lets the inspector move a feature in time, send it wishes typed as JSON, and draw the
    /// machine of one part of its state, highlighting the stage the feature is in.
    ///
    /// For a feature whose state holds more than a machine's state: a player whose status a table
    /// drives, or a list whose loading stages a diagram explains. A click on a transition sends
    /// the wish case named as the transition's event, when there is one.
    ///
    /// ```swift
    /// inspector.inspect(player, automaton: MusicPlayer.table, stage: { $0.status })
    /// ```
    ///
    /// - Parameters:
    ///   - feature: The feature.
    ///   - automaton: The machine the diagram draws.
    ///   - stage: The machine's state that a state of the feature is in.
    ///   - wishExample: A wish the page offers as a start.
    ///   - wishCases: One sample of each wish case the page's form offers (see
    ///     ``inspect(_:wishExample:wishCases:)``).
    @discardableResult
    public func inspect<
      Definition: FeatureDefinition, Stage: Hashable & Sendable, Event: AutomatonEvent,
      Output: Sendable
    >(
      _ feature: Feature<Definition>,
      automaton: Automaton<Stage, Event, Output>,
      stage: @escaping @Sendable (Definition.State) -> Stage,
      wishExample: Definition.Wish? = nil,
      wishCases: [Definition.Wish] = []
    ) -> InspectorClient where Definition.State: Codable, Definition.Wish: Decodable {
      let attached = attach(
        .make(
          feature, wishExample: wishExample, wishCases: wishCases,
          decodeState: { try JSONDecoding.decode(Definition.State.self, from: $0) },
          decodeWish: { try JSONDecoding.decode(Definition.Wish.self, from: $0) },
          diagram: { state in
            let current = stage(state)
            return (automaton.dot(highlighting: current), automaton.mermaid(highlighting: current))
          }, history: history))
      // Travelling sets the state without a stage for the interceptor to see; the state observer
      // sees every state, travelled or live, so the diagram highlights the one the feature is in.
      guard attached else { return self }
      let watcher = feature.observeState { [weak self] _ in self?.diagramsChanged() }
      let kept = diagramWatchers.withLock { watchers in
        watchers?.append(watcher)
        return watchers != nil
      }
      // Stopped meanwhile: nothing would end the watcher but the feature's disposal.
      if !kept { watcher.cancel() }
      return self
    }

    /// Lets the inspector show a FinitaRedux `Store` as it shows a feature: its actions and
    /// states in the timeline (the present state, not the undo history around it), time travel,
    /// and actions typed as JSON dispatched to it.
    ///
    /// ```swift
    /// let store = Store(initialState: UsersState(), reducer: Users.reducer,
    ///                   configuration: .init(name: "users"))
    /// client.inspect(store, actionExample: .fetch)
    /// ```
    ///
    /// The store must be created after the client started (as a feature must), with a name the
    /// client's `features` selection takes. Travelling holds dispatched actions, as
    /// `Store.travel(to:)` does; Continue from here keeps the state shown as a new branch.
    ///
    /// - Parameters:
    ///   - store: The store; the client does not keep it alive.
    ///   - actionExample: An action the page offers as a start.
    ///   - actionCases: One sample of each action the page's form offers (see
    ///     ``inspect(_:wishExample:wishCases:)``).
    @discardableResult
    public func inspect<State: Codable & Sendable, Action: Decodable & Sendable>(
      _ store: Store<State, Action>, actionExample: Action? = nil, actionCases: [Action] = []
    ) -> InspectorClient {
      _ = attach(
        .make(
          store: store, actionExample: actionExample, actionCases: actionCases,
          history: history))
      return self
    }

    /// Puts a jump of the live state in the feature's stream: what "Continue from here" does is
    /// reported by no stage.
    private var history: InspectorHistory {
      InspectorHistory(
        recordJump: { [buffer] id, bySkip, render in
          buffer.recordJump(ofFeature: id, bySkip: bySkip, render: render)
        },
        skipContext: { [buffer] id in buffer.skipContext(ofFeature: id) })
    }

    private func diagramsChanged() {
      let wasStale = registry.withLock { registry in
        defer { registry.diagramsStale = true }
        return registry.diagramsStale
      }
      if !wasStale {
        buffer.wake()
      }
    }

    /// Binds `attachment`'s feature; `false` when the client does not stream it.
    private func attach(_ attachment: InspectorAttachment) -> Bool {
      // A feature this client does not stream (created before it started, or disposed already)
      // never binds: kept, it would only grow the list.
      guard let id = attachment.featureID, buffer.holdsLog(ofFeature: id) else { return false }
      registry.withLock { registry in
        registry.attachments[id] = attachment
        if registry.seen[id] != nil { registry.rebinding.insert(id) }
      }
      buffer.wake()
      return true
    }

    /// How many features handed over with `inspect` the client still keeps; for tests.
    var attachmentCount: Int { registry.withLock { $0.attachments.count } }

    /// How many machines' states the client watches for their diagrams; for tests.
    var diagramWatcherCount: Int { diagramWatchers.withLock { $0?.count ?? 0 } }

    /// Whether the client is connected to the inspector now.
    public var isConnected: Bool { connected.withLock { $0 } }

    /// How many stages were dropped because a feature's log was full, since the start.
    public var droppedEvents: Int { buffer.droppedTotal }

    /// How many stages wait to be sent.
    public var pendingEvents: Int { buffer.count }

    /// Uninstalls the interceptor, closes the connection and waits until the client has stopped.
    public func stop() async {
      let watchers = diagramWatchers.withLock { watchers in
        defer { watchers = nil }
        return watchers ?? []
      }
      for watcher in watchers {
        watcher.cancel()
      }
      installed.uninstall()
      buffer.close()
      let running = task.withLock { task in
        defer { task = nil }
        return task
      }
      running?.cancel()
      await running?.value
      connectionContinuation.finish()
    }

    // MARK: Running

    private func run() async {
      if let problem = Self.problem(withAddress: url) {
        // Nothing will be sent: features made from now on are not logged for the client.
        installed.uninstall()
        FileHandle.standardError.write(Data("FinitaInspectorClient: \(problem)\n".utf8))
        connectionContinuation.yield(.invalidAddress(problem))
        return
      }
      var attempt = 0
      var refusalSaid = false
      var logger = Logger(label: "finita.inspector.client")
      logger.logLevel = .critical
      while !Task.isCancelled {
        var wsConfiguration = WebSocketClientConfiguration()
        wsConfiguration.maxFrameSize = 4 << 20
        var refused = false
        do {
          try await WebSocketClient.connect(
            url: url, configuration: wsConfiguration, logger: logger
          ) { inbound, outbound, _ in
            try await self.session(inbound: inbound, outbound: outbound)
          }
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
          refused = true
        } catch {
          // Not there or dropped: the app keeps working, and the client tries again.
        }
        let wasConnected = connected.withLock { connected in
          defer { connected = false }
          return connected
        }
        if wasConnected {
          attempt = 0
          refusalSaid = false
        }
        if refused {
          let refusal = Self.refusal(at: url)
          if !refusalSaid {
            FileHandle.standardError.write(Data("FinitaInspectorClient: \(refusal)\n".utf8))
            refusalSaid = true
          }
          connectionContinuation.yield(.refused(refusal))
        } else {
          connectionContinuation.yield(.disconnected)
        }
        if Task.isCancelled { break }
        let delay = configuration.reconnectDelay(attempt)
        attempt += 1
        try? await Task.sleep(for: delay)
      }
    }

    /// What keeps `address` from reaching an inspector, or `nil` when it can.
    static func problem(withAddress address: String) -> String? {
      let expected = "give the apps' address `finita inspect` prints, ws://HOST:PORT/app?token=…"
      guard !address.isEmpty, let url = URL(string: address) else {
        return "'\(address)' is not a URL; \(expected)."
      }
      let scheme = url.scheme?.lowercased() ?? ""
      if scheme == "http" || scheme == "https" {
        return "'\(address)' is the inspector page's address, for a browser; \(expected)."
      }
      guard scheme == "ws" || scheme == "wss" else {
        return "'\(address)' is not a WebSocket address (ws:// or wss://); \(expected)."
      }
      guard let host = url.host, !host.isEmpty else {
        return "'\(address)' has no host; \(expected)."
      }
      return nil
    }

    /// What to do when the server at `address` refuses the connection. The token is left out:
    /// the text may end up in logs.
    static func refusal(at address: String) -> String {
      let url = URL(string: address)
      let place = url.map { "\($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")" } ?? address
      return "the server at \(place) refused the connection. If it is a Finita inspector, the"
        + " token in the address is not its own: `finita inspect` makes a new one each time it"
        + " starts (unless given --token). Give the apps' address it printed last; until then the"
        + " client tries again."
    }

    private func session(
      inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    ) async throws {
      let hello = AppHello(
        name: configuration.appName, platform: Self.platform,
        processID: Int(ProcessInfo.processInfo.processIdentifier), startedAt: startedAt)
      try await outbound.write(
        .text(try InspectorProtocol.encode(InspectorEnvelope(.hello(hello)))))
      connected.withLock { $0 = true }
      connectionContinuation.yield(.connected)
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for try await message in inbound.messages(maxSize: 4 << 20) {
            guard case .text(let text) = message else { continue }
            let answer: InspectorEnvelope
            do throws(InspectorProtocolError) {
              let envelope = try InspectorProtocol.decode(text)
              guard case .command(let command) = envelope.message else { continue }
              answer = InspectorEnvelope(.reply(await self.execute(command)))
            } catch {
              answer = InspectorEnvelope(.error(error.frame))
            }
            try await outbound.write(.text(try InspectorProtocol.encode(answer)))
          }
        }
        group.addTask {
          try await self.send(to: outbound)
        }
        // Whichever ends first (the inspector closed, or a write failed) ends the session.
        try await group.next()
        group.cancelAll()
      }
    }

    private func execute(_ command: InspectorCommand) async -> CommandReply {
      let attachment = registry.withLock { $0.attachments[command.feature] }
      guard let attachment else {
        let known = registry.withLock { $0.seen[command.feature] }
        let what =
          known.map {
            "\($0.displayName) is not controllable: hand it to the client with"
              + " inspector.inspect(feature) (its state must be Codable and its wish Decodable)"
          } ?? "there is no feature \(command.feature) in this app"
        return CommandReply(
          requestID: command.requestID, feature: command.feature, ok: false, message: what + ".")
      }
      return await attachment.execute(command)
    }

    private func send(to outbound: WebSocketOutboundWriter) async throws {
      var announced: Set<UInt64> = []
      var sequence: UInt64 = 0
      var lastDiagrams: [UInt64: String] = [:]
      // Features seen before this connection are announced again, with their current diagrams.
      for (_, info) in registry.withLock({ $0.seen }).sorted(by: { $0.key < $1.key }) {
        try await announce(info, to: outbound)
        announced.insert(info.id)
      }
      try await sendDiagrams(for: Set(announced), last: &lastDiagrams, to: outbound)
      while !Task.isCancelled {
        let drained = buffer.drain(max: configuration.batchSize)
        let (pending, dropped) = (drained.events, drained.dropped)
        let steps = numberSteps(drained)
        if let dropped {
          try await outbound.write(
            .text(try InspectorProtocol.encode(InspectorEnvelope(.dropped(dropped)))))
        }
        var changedDiagrams: Set<UInt64> = []
        for event in pending where !announced.contains(event.info.id) {
          registry.withLock { $0.seen[event.info.id] = event.info }
          try await announce(event.info, to: outbound)
          announced.insert(event.info.id)
          changedDiagrams.insert(event.info.id)
        }
        let rebinding = registry.withLock { registry in
          defer { registry.rebinding = [] }
          return registry.rebinding
        }
        for id in rebinding where announced.contains(id) {
          if let info = registry.withLock({ $0.seen[id] }) {
            try await announce(info, to: outbound)
            changedDiagrams.insert(id)
          }
        }
        let diagramsStale = registry.withLock { registry in
          defer { registry.diagramsStale = false }
          return registry.diagramsStale
        }
        if diagramsStale {
          changedDiagrams.formUnion(announced)
        }
        if !pending.isEmpty {
          var events: [StageEvent] = []
          events.reserveCapacity(pending.count)
          for (event, step) in zip(pending, steps) {
            let values = event.render()
            events.append(
              StageEvent(
                feature: event.info.id, sequence: sequence,
                stage: event.isJump ? StageEvent.jumpStage : event.stage.name,
                time: event.time, text: values.text, value: values.value, state: values.state,
                step: event.isJump ? nil : step, action: values.action, effect: values.effect,
                work: values.work,
                error: values.error))
            sequence += 1
            if event.stage == .state || event.stage == .created {
              changedDiagrams.insert(event.info.id)
            }
          }
          forgetDisposed(in: pending, announced: &announced, lastDiagrams: &lastDiagrams)
          changedDiagrams.formIntersection(announced)
          try await write(events, to: outbound)
        }
        try await sendDiagrams(for: changedDiagrams, last: &lastDiagrams, to: outbound)
        if pending.count < configuration.batchSize, dropped == nil, rebinding.isEmpty {
          await buffer.waitForEvents(polling: configuration.pollInterval)
        } else {
          // A full batch goes round again at once, and a write to a socket that takes it does
          // not suspend: without a yield this loop would keep one of the app's few pool threads
          // for as long as the app makes stages faster than they are sent.
          await Task.yield()
        }
      }
    }

    /// Forgets the features whose last stage is among `pending`, once it is rendered: an app that
    /// makes a feature per screen would otherwise keep each one it ever had, and announce them all
    /// again at each reconnection.
    private func forgetDisposed(
      in pending: [PendingEvent], announced: inout Set<UInt64>,
      lastDiagrams: inout [UInt64: String]
    ) {
      let ended = Set(pending.lazy.filter { $0.stage == .disposed }.map(\.info.id))
      guard !ended.isEmpty else { return }
      registry.withLock { registry in
        for id in ended {
          registry.attachments[id] = nil
          registry.seen[id] = nil
          registry.rebinding.remove(id)
        }
      }
      announced.subtract(ended)
      for id in ended { lastDiagrams[id] = nil }
    }

    /// The step numbers of the drained events: their numbers in their features' lives, as a
    /// recording file numbers its steps; stages a log dropped keep their numbers, so a feature's
    /// steps show the gap (and a recording exported from the inspector starts after it).
    private func numberSteps(_ drained: EventBuffer.Drained) -> [Int] {
      drained.events.map(\.number)
    }

    private func announce(_ info: FeatureInfo, to outbound: WebSocketOutboundWriter) async throws {
      let attachment = registry.withLock { $0.attachments[info.id] }
      let descriptor = FeatureDescriptor(
        id: info.id, name: info.name, typeName: info.typeName, displayName: info.displayName,
        canTravel: attachment?.canTravel ?? false,
        acceptsWishes: attachment?.acceptsWishes ?? false,
        wishExample: attachment?.wishExample,
        wishCases: attachment.flatMap { $0.wishCases.isEmpty ? nil : $0.wishCases })
      try await outbound.write(
        .text(try InspectorProtocol.encode(InspectorEnvelope(.feature(descriptor)))))
    }

    private func sendDiagrams(
      for features: Set<UInt64>, last: inout [UInt64: String],
      to outbound: WebSocketOutboundWriter
    ) async throws {
      for id in features.sorted() {
        guard let draw = registry.withLock({ $0.attachments[id]?.diagram }), let drawn = draw()
        else {
          continue
        }
        guard last[id] != drawn.dot else { continue }
        last[id] = drawn.dot
        let update = DiagramUpdate(feature: id, dot: drawn.dot, mermaid: drawn.mermaid)
        try await outbound.write(
          .text(try InspectorProtocol.encode(InspectorEnvelope(.diagram(update)))))
      }
    }

    /// Writes events in messages under the size limit; an event too large alone loses its values.
    private func write(_ events: [StageEvent], to outbound: WebSocketOutboundWriter) async throws {
      let text = try InspectorProtocol.encode(InspectorEnvelope(.events(events)))
      if text.utf8.count <= InspectorProtocol.maximumMessageSize {
        try await outbound.write(.text(text))
      } else if events.count > 1 {
        let middle = events.count / 2
        try await write(Array(events[..<middle]), to: outbound)
        try await write(Array(events[middle...]), to: outbound)
      } else if var event = events.first {
        let size = text.utf8.count
        event.value = nil
        event.state = nil
        event.action = nil
        event.effect = nil
        event.text = "(\(size) bytes, over the inspector's limit: values left out)"
        try await outbound.write(
          .text(try InspectorProtocol.encode(InspectorEnvelope(.events([event])))))
      }
    }

    private static var platform: String {
      #if os(Linux)
        "Linux"
      #elseif os(iOS)
        "iOS"
      #elseif os(macOS)
        "macOS"
      #elseif os(tvOS)
        "tvOS"
      #elseif os(watchOS)
        "watchOS"
      #elseif os(visionOS)
        "visionOS"
      #else
        "unknown"
      #endif
    }
  }
#endif  // Inspector
