import Finita
import FinitaInspectorProtocol

/// A stage as the interceptor keeps it: cheap to make on the feature's thread; the values are
/// described and encoded later, by the sender.
struct PendingEvent: Sendable {
  let info: FeatureInfo
  let stage: FeatureStage
  let time: Double
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

/// The bounded buffer between the features and the sender: appending never waits, and when it
/// is full the oldest event is dropped and counted.
final class EventBuffer: Sendable {
  private struct Storage {
    var ring: [PendingEvent?]
    var head = 0
    var count = 0
    var droppedTotal = 0
    /// The stages dropped since the last drain, by feature: the sender numbers each feature's
    /// stages, and the dropped ones still take their numbers. Their sum is what the next drain
    /// reports as dropped.
    var droppedByFeature: [UInt64: Int] = [:]
    var waiter: CheckedContinuation<Void, Never>?
    /// A wake with no sender waiting: the next wait returns at once, so a wake given between
    /// the sender's last look and its wait is not lost.
    var wakePending = false
    var isClosed = false
  }

  let capacity: Int
  private let storage: LockedValue<Storage>

  init(capacity: Int) {
    precondition(capacity >= 1, "The inspector client keeps at least one event; was \(capacity)")
    self.capacity = capacity
    storage = LockedValue(Storage(ring: Array(repeating: nil, count: capacity)))
  }

  /// Appends an event; never waits.
  func append(_ event: PendingEvent) {
    let waiter: CheckedContinuation<Void, Never>? = storage.withLock { storage in
      if storage.isClosed { return nil }
      let tail = (storage.head + storage.count) % capacity
      if storage.count == capacity {
        // Full: the tail is the oldest event's slot, and the new event takes it.
        if let oldest = storage.ring[tail] {
          storage.droppedByFeature[oldest.info.id, default: 0] += 1
        }
        storage.head = (storage.head + 1) % capacity
        storage.droppedTotal += 1
      } else {
        storage.count += 1
      }
      storage.ring[tail] = event
      let waiter = storage.waiter
      storage.waiter = nil
      return waiter
    }
    waiter?.resume()
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

  /// Takes at most `max` waiting events.
  func drain(max: Int) -> Drained {
    storage.withLock { storage in
      let taken = min(max, storage.count)
      var events: [PendingEvent] = []
      events.reserveCapacity(taken)
      for _ in 0..<taken {
        guard let event = storage.ring[storage.head] else {
          preconditionFailure("Internal inconsistency: an empty slot inside the event buffer")
        }
        storage.ring[storage.head] = nil
        events.append(event)
        storage.head = (storage.head + 1) % capacity
      }
      storage.count -= taken
      let droppedCount = storage.droppedByFeature.values.reduce(0, +)
      let dropped =
        droppedCount > 0 ? DroppedEvents(count: droppedCount, total: storage.droppedTotal) : nil
      defer { storage.droppedByFeature = [:] }
      return Drained(
        events: events, dropped: dropped, droppedByFeature: storage.droppedByFeature)
    }
  }

  /// Waits until an event is waiting, the task is cancelled, or the buffer is closed.
  func waitForEvents() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = storage.withLock { storage -> Bool in
          if storage.count > 0 || !storage.droppedByFeature.isEmpty || storage.isClosed
            || storage.wakePending || Task.isCancelled
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

  /// Stops accepting events and releases the sender.
  func close() {
    storage.withLock { $0.isClosed = true }
    wake()
  }

  var count: Int { storage.withLock { $0.count } }
  var droppedTotal: Int { storage.withLock { $0.droppedTotal } }
}
