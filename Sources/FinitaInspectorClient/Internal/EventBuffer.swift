#if Inspector
  import Finita
  import FinitaEventLog
  import FinitaInspectorProtocol

  /// A stage as the sender takes it from a feature's log: its number in the feature's life and
  /// its time; the values are described and encoded by the sender, when it sends them.
  struct PendingEvent: Sendable {
    let info: FeatureInfo
    let stage: FeatureStage
    let number: Int
    let time: Double
    /// A jump of the live state ("Continue from here"), which no stage reports: `stage` is
    /// `FeatureStage.created` (a recording writes the jump so) and `number` is the number of the
    /// stage before it.
    var isJump = false
    let render: @Sendable () -> RenderedValues
  }

  /// A stage's values as the sender writes them: the text, the stage's value, the state, and what
  /// a recording file needs besides (the action behind an effect or work, the effect behind a
  /// state, the work, the error).
  struct RenderedValues {
    var text: String
    var value: JSONValue? = nil
    var state: JSONValue? = nil
    var action: JSONValue? = nil
    var effect: JSONValue? = nil
    var work: WorkDescriptor? = nil
    var error: String? = nil
  }

  /// One feature's log as the sender reads it: the stages read from it and not yet sent.
  ///
  /// The reading is in closures made where the log's definition type is known; the buffer reads
  /// and changes a source only under its lock.
  final class LogSource: @unchecked Sendable {
    // Safe to send: the mutable properties are touched only under the buffer's lock.
    let info: FeatureInfo
    /// The log's stages numbered after the given one.
    let read: @Sendable (Int) -> [PendingEvent]
    /// The numbers of the stages the log keeps.
    let span: @Sendable () -> ClosedRange<Int>?
    /// The number and time of the newest stage the log keeps.
    let newest: @Sendable () -> (number: Int, time: Double)?
    /// Jumps of the live state that come after stages not read yet, oldest first.
    var jumps: [PendingEvent] = []
    /// The number of the newest stage read; -1 before the first.
    var lastRead = -1
    /// Stages read and not yet sent, oldest first.
    var pending: [PendingEvent] = []
    var sentFromPending = 0
    /// Whether the feature's last stage (``FeatureStage/disposed``) was read: the log gets no
    /// more, and the buffer lets it go once its stages are sent.
    var ended = false
    /// The typed log, for a skip (``SkipReplay``), which casts it back to its definition.
    let log: any Sendable
    /// The numbers of the stages after which the user replaced the live state (Continue from
    /// here, a load), newest last: the states after such a jump do not follow from those before.
    var userJumps: [Int] = []

    init<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
      self.log = log
      info = log.feature
      let info = log.feature
      read = { after in
        log.read(after: after).entries.map { entry in
          let values = entry.values
          return PendingEvent(
            info: info, stage: values.stage, number: entry.number, time: Self.seconds(entry.time)
          ) { InspectorInterceptor.render(values) }
        }
      }
      span = { log.span }
      newest = {
        guard let last = log.span?.upperBound,
          let entry = log.read(after: last - 1).entries.last
        else { return nil }
        return (entry.number, Self.seconds(entry.time))
      }
    }

    private static func seconds(_ time: Duration) -> Double {
      Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
    }

    /// Whether the log has stages not read yet, or read stages wait.
    var hasWaiting: Bool {
      pending.count > sentFromPending || (span()?.upperBound ?? -1) > lastRead
    }
  }

  /// Between the features' logs and the sender: the logs of the features the client sees, each
  /// bounded (the engine drops a log's oldest stages when it is full, and the sender counts them
  /// by the gaps in the step numbers), read by the sender in the order the stages happened.
  /// The features never wait for the sender.
  final class EventBuffer: Sendable {
    private struct Storage {
      var sources: [LogSource] = []
      var droppedTotal = 0
      var waiter: CheckedContinuation<Void, Never>?
      /// A wake with no sender waiting: the next wait returns at once, so a wake given between
      /// the sender's last look and its wait is not lost.
      var wakePending = false
      var isClosed = false
    }

    /// How many stages each feature's log keeps.
    let capacity: Int
    private let storage = LockedValue(Storage())

    init(capacity: Int) {
      precondition(capacity >= 1, "The inspector client keeps at least one event; was \(capacity)")
      self.capacity = capacity
    }

    /// Adds a feature's log and wakes the sender.
    func register(_ source: LogSource) {
      let closed = storage.withLock { storage in
        if !storage.isClosed { storage.sources.append(source) }
        return storage.isClosed
      }
      if !closed { wake() }
    }

    /// Whether the log of the feature numbered `id` is here: the client sees that feature and has
    /// not sent its last stage yet.
    func holdsLog(ofFeature id: UInt64) -> Bool {
      storage.withLock { storage in storage.sources.contains { $0.info.id == id } }
    }

    /// What one drain takes: the events waiting, oldest first; the number dropped since the last
    /// drain (with the total); and, by feature, how many of its stages were dropped since the
    /// last drain. A dropped stage is older than every waiting stage of its feature and newer than
    /// every stage drained before.
    struct Drained {
      var events: [PendingEvent]
      var dropped: DroppedEvents?
      var droppedByFeature: [UInt64: Int]
    }

    /// Takes at most `max` waiting events, from all the logs, in the order of their times (a
    /// feature's own stages in the order of their numbers).
    func drain(max: Int) -> Drained {
      storage.withLock { storage in
        var droppedByFeature: [UInt64: Int] = [:]
        // What the last drain sent goes first, so a source holds only what waits.
        for source in storage.sources where source.sentFromPending > 0 {
          source.pending.removeFirst(source.sentFromPending)
          source.sentFromPending = 0
        }
        // The log of a disposed feature whose stages were all sent is let go: an app that makes
        // a feature per screen would otherwise keep every log it ever had.
        storage.sources.removeAll { $0.ended && $0.pending.isEmpty }
        for source in storage.sources where source.pending.count < max {
          // A source with a batch waiting is not read: its log keeps (and drops) the rest, so
          // what waits here stays bounded.
          let read = source.read(source.lastRead)
          guard let first = read.first, let last = read.last else { continue }
          // Stages between the last read and the first kept were dropped by the full log.
          let gap = first.number - source.lastRead - 1
          if gap > 0 { droppedByFeature[source.info.id, default: 0] += gap }
          source.lastRead = last.number
          source.ended = last.stage == .disposed
          source.pending.append(contentsOf: read)
          // A jump goes right after the stage that came before it.
          while let jump = source.jumps.first, jump.number <= source.lastRead {
            source.jumps.removeFirst()
            let after = source.pending.lastIndex { !$0.isJump && $0.number <= jump.number }
            source.pending.insert(
              jump, at: Swift.max(after.map { $0 + 1 } ?? 0, source.sentFromPending))
          }
        }
        var events: [PendingEvent] = []
        while events.count < max {
          var earliest: LogSource?
          for source in storage.sources where source.pending.count > source.sentFromPending {
            let time = source.pending[source.sentFromPending].time
            if let chosen = earliest, chosen.pending[chosen.sentFromPending].time <= time {
              continue
            }
            earliest = source
          }
          guard let source = earliest else { break }
          events.append(source.pending[source.sentFromPending])
          source.sentFromPending += 1
        }
        let droppedCount = droppedByFeature.values.reduce(0, +)
        storage.droppedTotal += droppedCount
        let dropped =
          droppedCount > 0 ? DroppedEvents(count: droppedCount, total: storage.droppedTotal) : nil
        return Drained(events: events, dropped: dropped, droppedByFeature: droppedByFeature)
      }
    }

    /// Waits until an event is waiting, the task is cancelled, the buffer is closed, or
    /// `interval` has passed: the logs do not wake the sender (a feature never waits for it), so
    /// the sender looks at them at least this often.
    func waitForEvents(polling interval: Duration) async {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await self.waitForEvents() }
        group.addTask { try? await Task.sleep(for: interval) }
        await group.next()
        group.cancelAll()
      }
    }

    /// Waits until an event is waiting, the task is cancelled, or the buffer is closed.
    func waitForEvents() async {
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let resumeNow = storage.withLock { storage -> Bool in
            if storage.isClosed || storage.wakePending || Task.isCancelled
              || storage.sources.contains(where: \.hasWaiting)
            {
              storage.wakePending = false
              return true
            }
            if let previous = storage.waiter {
              // One sender waits at a time; a stale waiter is released.
              previous.resume()
            }
            storage.waiter = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      } onCancel: {
        wake()
      }
    }

    /// Adds a jump of the live state of the feature numbered `id` ("Continue from here", which no
    /// stage reports) after its newest logged stage, and wakes the sender. Call it before the
    /// feature continues, so that the stages of what it handles next come after the jump.
    ///
    /// A jump a skip makes (`bySkip`) is not one the next skip must stop at: the skip
    /// recomputes through it, from the same history.
    func recordJump(
      ofFeature id: UInt64, bySkip: Bool = false,
      render: @escaping @Sendable () -> RenderedValues
    ) {
      let recorded = storage.withLock { storage -> Bool in
        guard let source = storage.sources.first(where: { $0.info.id == id }) else { return false }
        let newest = source.newest()
        if !bySkip {
          source.userJumps.append(newest?.number ?? -1)
          // Only the jumps within what the log keeps can matter to a skip.
          if let oldest = source.span()?.lowerBound {
            source.userJumps.removeAll { $0 < oldest - 1 }
          }
        }
        let jump = PendingEvent(
          info: source.info, stage: .created, number: newest?.number ?? -1,
          time: newest?.time ?? 0, isJump: true, render: render)
        if jump.number <= source.lastRead {
          source.pending.append(jump)
        } else {
          source.jumps.append(jump)
        }
        return true
      }
      if recorded { wake() }
    }

    /// The typed log of the feature numbered `id` and the stages after which the user replaced
    /// its state; `nil` when the buffer no longer holds the feature's log.
    func skipContext(ofFeature id: UInt64) -> (log: any Sendable, userJumps: [Int])? {
      storage.withLock { storage in
        storage.sources.first { $0.info.id == id }.map { ($0.log, $0.userJumps) }
      }
    }

    /// Releases the waiting sender, or the next wait when none is waiting.
    func wake() {
      let waiter = storage.withLock { storage in
        let waiter = storage.waiter
        storage.waiter = nil
        if waiter == nil {
          storage.wakePending = true
        }
        return waiter
      }
      waiter?.resume()
    }

    /// Stops accepting logs and releases the sender.
    func close() {
      storage.withLock { $0.isClosed = true }
      wake()
    }

    /// The logs the buffer reads: of the live features, and of disposed ones with stages to send.
    var sourceCount: Int { storage.withLock { $0.sources.count } }

    /// The stages waiting to be sent: read and not sent, and kept by the logs and not read.
    var count: Int {
      storage.withLock { storage in
        storage.sources.reduce(0) { total, source in
          let unread =
            source.span().map { $0.upperBound - Swift.max($0.lowerBound - 1, source.lastRead) } ?? 0
          return total + source.pending.count - source.sentFromPending + Swift.max(0, unread)
        }
      }
    }

    /// The stages dropped since the client started: those the sender found missing, and those
    /// the logs dropped since the sender last read them.
    var droppedTotal: Int {
      storage.withLock { storage in
        storage.sources.reduce(storage.droppedTotal) { total, source in
          guard let span = source.span() else { return total }
          return total + Swift.max(0, span.lowerBound - source.lastRead - 1)
        }
      }
    }
  }
#endif  // Inspector
