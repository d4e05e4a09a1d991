#if Inspector
  import Finita
  import FinitaInspectorProtocol
  import Foundation

  /// Connected apps, what they sent lately, and connected pages; everything bounded.
  final class InspectorHub: Sendable {
    struct Limits: Sendable {
      var eventsPerFeature: Int
      var featuresPerApp: Int
      var pageBacklog: Int
    }

    struct FeatureRecord {
      var descriptor: FeatureDescriptor?
      var events: [StageEvent] = []
      var start = 0
      var diagram: DiagramUpdate?
      /// Whether the feature's disposal arrived: its record may make room for a new feature.
      var isDisposed = false

      mutating func append(_ event: StageEvent, limit: Int) {
        if event.stage == FeatureStage.disposed.name { isDisposed = true }
        if events.count < limit {
          events.append(event)
        } else {
          events[start] = event
          start = (start + 1) % limit
        }
      }

      var ordered: [StageEvent] {
        Array(events[start...] + events[..<start])
      }
    }

    struct AppRecord {
      var hello: AppHello
      var features: [UInt64: FeatureRecord] = [:]
      var order: [UInt64] = []
      var dropped = DroppedEvents(count: 0, total: 0)
      var send: @Sendable (String) -> Void

      /// Makes a record for feature `id` unless there is one; at `limit` features, the oldest
      /// disposed one makes room. Returns `false` when the feature has no record (every kept
      /// feature is live).
      mutating func admit(_ id: UInt64, limit: Int) -> Bool {
        if features[id] != nil { return true }
        if order.count >= limit {
          guard let gone = order.firstIndex(where: { features[$0]?.isDisposed ?? true }) else {
            return false
          }
          features[order.remove(at: gone)] = nil
        }
        order.append(id)
        features[id] = FeatureRecord()
        return true
      }
    }

    private struct State {
      var apps: [String: AppRecord] = [:]
      var appOrder: [String] = []
      /// The connected pages' streams: what happens from a page's welcome on goes into its
      /// stream, which the page reads after its snapshot (see ``PageMessages``).
      var pages: [UUID: AsyncStream<String>.Continuation] = [:]
      var nextApp = 1

      /// Tells every page `text`, in the step that changed what it says: a page then sees each
      /// change once, and in the order the hub made them, whether it came before or after it.
      /// `text` is called only when there is a page to tell.
      mutating func tellPages(_ text: () -> String?) {
        guard !pages.isEmpty, let text = text() else { return }
        for page in pages.values { page.yield(text) }
      }
    }

    let limits: Limits
    private let state = LockedValue(State())

    init(limits: Limits) {
      self.limits = limits
    }

    // MARK: Apps

    func addApp(_ hello: AppHello, send: @escaping @Sendable (String) -> Void) -> String {
      state.withLock { state in
        let id = "a\(state.nextApp)"
        state.nextApp += 1
        state.apps[id] = AppRecord(hello: hello, send: send)
        state.appOrder.append(id)
        state.tellPages({ encoded(InspectorEnvelope(.hello(hello), app: id)) })
        return id
      }
    }

    func removeApp(_ id: String) {
      state.withLock { state in
        state.apps[id] = nil
        state.appOrder.removeAll { $0 == id }
        state.tellPages({ encoded(InspectorEnvelope(.appGone, app: id)) })
      }
    }

    /// Keeps what an app sent and passes it on to the pages; returns an error frame for messages
    /// an app may not send.
    func receive(_ message: InspectorMessage, from app: String) -> ErrorFrame? {
      // The pages are told under the lock, so that a page being welcomed gets the message
      // either in its snapshot or after it, never twice or before it. When there are pages, the
      // message is encoded before the lock is taken; a page that comes meanwhile has it encoded
      // under the lock.
      let envelope = InspectorEnvelope(message, app: app)
      let early = state.withLock { $0.pages.isEmpty } ? nil : encoded(envelope)
      let forward: Bool? = state.withLock { state in
        // The record is changed where it is kept: a copy taken out of the dictionary would share
        // its features' events with the one left in, and the first append would copy them all.
        guard state.apps[app] != nil else { return nil }
        let forward = keep(message, in: &state.apps[app]!)
        if forward == true { state.tellPages({ early ?? encoded(envelope) }) }
        return forward
      }
      switch forward {
      case nil:
        return ErrorFrame(
          code: "unexpected",
          message: "An app may send hello (first), feature, events, diagram, dropped and reply"
            + " messages, not \(message.type); it was dropped.")
      case false?:
        return ErrorFrame(
          code: "tooManyFeatures",
          message: "The app has more than \(limits.featuresPerApp) live features; the others are"
            + " not shown.")
      case true?:
        return nil
      }
    }

    /// Keeps `message` in `record`: `true` when the pages get it, `false` when the app has too
    /// many features, `nil` when an app may not send it.
    private func keep(_ message: InspectorMessage, in record: inout AppRecord) -> Bool? {
      switch message {
      case .feature(let descriptor):
        guard record.admit(descriptor.id, limit: limits.featuresPerApp) else { return false }
        record.features[descriptor.id]?.descriptor = descriptor
      case .events(let events):
        for event in events where record.admit(event.feature, limit: limits.featuresPerApp) {
          record.features[event.feature]?.append(event, limit: limits.eventsPerFeature)
        }
      case .dropped(let dropped):
        record.dropped = DroppedEvents(
          count: dropped.count, total: max(dropped.total, record.dropped.total))
      case .reply:
        break
      default:
        return nil
      }
      return true
    }

    func storeDiagram(_ update: DiagramUpdate, from app: String) {
      state.withLock { state in
        guard state.apps[app]?.features[update.feature] != nil else { return }
        state.apps[app]?.features[update.feature]?.diagram = update
        state.tellPages(
          { encoded(InspectorEnvelope(.diagram(update), app: app)) })
      }
    }

    /// Passes a page's command to its app; an error frame when there is no such app.
    func forward(_ command: InspectorCommand, to app: String?) -> ErrorFrame? {
      let send = state.withLock { state in app.flatMap { state.apps[$0]?.send } }
      guard let app, let send else {
        return ErrorFrame(
          code: "unknownApp",
          message: "There is no app \(app ?? "(none)") connected; the command was dropped.")
      }
      guard let text = try? InspectorProtocol.encode(InspectorEnvelope(.command(command))) else {
        return ErrorFrame(code: "malformed", message: "The command does not encode.")
      }
      _ = app
      send(text)
      return nil
    }

    // MARK: Pages

    /// Adds a page: its messages are a snapshot of what the hub keeps, then what happens from
    /// now on. The page is added and the snapshot taken in one step under the lock, so each
    /// change is in one of the two, once.
    func addPage(dotAvailable: Bool) -> (UUID, PageMessages) {
      let (stream, continuation) = AsyncStream.makeStream(
        of: String.self, bufferingPolicy: .bufferingNewest(limits.pageBacklog))
      let id = UUID()
      let snapshot: [InspectorEnvelope] = state.withLock { state in
        state.pages[id] = continuation
        var messages = [
          InspectorEnvelope(
            .welcome(
              Welcome(protocolVersion: InspectorProtocol.version, dotAvailable: dotAvailable)))
        ]
        for appID in state.appOrder {
          guard let app = state.apps[appID] else { continue }
          messages.append(InspectorEnvelope(.hello(app.hello), app: appID))
          for featureID in app.order {
            guard let feature = app.features[featureID] else { continue }
            if let descriptor = feature.descriptor {
              messages.append(InspectorEnvelope(.feature(descriptor), app: appID))
            }
            let events = feature.ordered
            var index = 0
            while index < events.count {
              let chunk = Array(events[index..<min(index + 500, events.count)])
              messages.append(InspectorEnvelope(.events(chunk), app: appID))
              index += 500
            }
            if let diagram = feature.diagram {
              messages.append(InspectorEnvelope(.diagram(diagram), app: appID))
            }
          }
          if app.dropped.total > 0 {
            messages.append(InspectorEnvelope(.dropped(app.dropped), app: appID))
          }
        }
        return messages
      }
      return (id, PageMessages(snapshot: snapshot, live: stream))
    }

    func removePage(_ id: UUID) {
      let page = state.withLock { $0.pages.removeValue(forKey: id) }
      page?.finish()
    }

    func finishAllPages() {
      let pages = state.withLock { state in
        defer { state.pages = [:] }
        return Array(state.pages.values)
      }
      for page in pages { page.finish() }
    }

    /// What the inspector keeps of one feature: its descriptor and its stages, oldest first;
    /// `nil` when there is no such app or feature.
    func history(app: String, feature: UInt64) -> (FeatureDescriptor?, [StageEvent])? {
      state.withLock { state in
        state.apps[app]?.features[feature].map { ($0.descriptor, $0.ordered) }
      }
    }

    var appCount: Int { state.withLock { $0.apps.count } }
    var pageCount: Int { state.withLock { $0.pages.count } }

    /// The number of events kept, over all apps.
    var keptEvents: Int {
      state.withLock { state in
        state.apps.values.reduce(0) { sum, app in
          sum + app.features.values.reduce(0) { $0 + $1.events.count }
        }
      }
    }

    /// Where the events kept for `feature` of `app` are in memory: the tests check with it that
    /// keeping more of them does not copy them.
    func eventsAddress(app: String, feature: UInt64) -> UnsafeRawPointer? {
      state.withLock { state in
        state.apps[app]?.features[feature]?.events.withUnsafeBufferPointer {
          $0.baseAddress.map(UnsafeRawPointer.init)
        }
      }
    }

    private func encoded(_ envelope: InspectorEnvelope) -> String? {
      try? InspectorProtocol.encode(envelope)
    }
  }

  /// What a page is sent: the snapshot of what the hub kept when it came, then what happened
  /// from then on.
  ///
  /// The snapshot is encoded as the page takes it, one message at a time, so the page gets its
  /// first steps while the rest is encoded; under load, encoding a full snapshot first took the
  /// inspector seconds before the page saw anything. What happens meanwhile waits in the live
  /// stream, read only after the snapshot, so the page sees every change once, in order.
  struct PageMessages: AsyncSequence, Sendable {
    typealias Element = String

    let snapshot: [InspectorEnvelope]
    let live: AsyncStream<String>

    func makeAsyncIterator() -> Iterator {
      Iterator(snapshot: snapshot[...], live: live.makeAsyncIterator())
    }

    /// Reads the snapshot, then the live stream.
    struct Iterator: AsyncIteratorProtocol {
      var snapshot: ArraySlice<InspectorEnvelope>
      var live: AsyncStream<String>.Iterator

      mutating func next() async -> String? {
        while let message = snapshot.popFirst() {
          if let text = try? InspectorProtocol.encode(message) { return text }
        }
        return await live.next()
      }
    }
  }
#endif  // Inspector
