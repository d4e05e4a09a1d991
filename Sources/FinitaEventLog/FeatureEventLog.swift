import Finita

/// A feature's most recent stages, kept by ``FeatureEventLogs`` as they happen and read by
/// whoever asked for them: a recorder, an inspector's client.
///
/// ```swift
/// let logs = FeatureEventLogs(capacity: 100, receiver: LogList())
/// let feature = Feature(
///   initialState: .init(), definition: Paginator(),
///   configuration: .init(interceptors: [logs]))
/// // Later, on any thread, with a log the receiver kept:
/// for entry in log.read().entries { print(entry.number, entry.values.valueDescription) }
/// ```
///
/// The stages an input leads to (its action, effects, states, news, PostProcessor actions)
/// become readable together, when its action is handled; the others at once. An input with
/// more stages than the log keeps is made readable in parts, so the log never holds more
/// than twice its ``capacity``.
///
/// The log keeps at most ``capacity`` stages: older ones are dropped and counted, and the state
/// they left becomes ``Contents/initialState``, so the kept stages can still be replayed from it.
/// Stage numbers count from 0 (the feature's `created`) for the feature's whole life.
public final class FeatureEventLog<Definition: FeatureDefinition>: Sendable {
  /// The feature whose stages the log keeps.
  public let feature: FeatureInfo
  /// The most stages the log keeps.
  public let capacity: Int
  /// The time since the log's clock started.
  private let elapsed: @Sendable () -> Duration
  private let storage: LockedValue<Storage>

  /// One kept stage.
  public struct Entry: Sendable {
    /// The stage's number in the feature's life, from 0 for `created`.
    public let number: Int
    /// When the stage happened, as the time since the log's clock started. The stages an input
    /// leads to share the input's time.
    public let time: Duration
    /// The stage and its values.
    public let values: FeatureEvent<Definition>
  }

  /// What a log held when it was read.
  public struct Contents: Sendable {
    /// The kept stages, oldest first.
    public let entries: [Entry]
    /// How many stages were dropped to keep at most ``FeatureEventLog/capacity`` (since the
    /// log began, or since ``FeatureEventLog/removeAll()``).
    public let droppedCount: Int
    /// The state before the first kept stage; `nil` until a stage that shows it was kept.
    public let initialState: Definition.State?
  }

  /// What the log holds, under its lock.
  private struct Storage {
    /// The stages kept: the readable ones in `start..<end`, then those of the input being
    /// handled, not readable yet. Each stage is stored once, when it happens.
    var kept: [Entry] = []
    var start = 0
    var end = 0
    /// Whether an input's stages are being held, and whether its action is being handled.
    var inInput = false
    var inAction = false
    /// The time the stages of the current input share.
    var inputTime = Duration.zero
    var nextNumber = 0
    var dropped = 0
    var initialState: Definition.State?
    /// Whether a `disposed` stage was the newest when the stages were last forgotten.
    var endedBeforeRemoval = false

    var readable: ArraySlice<Entry> { kept[start..<end] }
  }

  /// A log for `feature` that keeps up to `capacity` stages, timed by `elapsed`.
  init(feature: FeatureInfo, capacity: Int, elapsed: @escaping @Sendable () -> Duration) {
    self.feature = feature
    self.capacity = Swift.max(1, capacity)
    self.elapsed = elapsed
    storage = LockedValue(Storage())
  }

  /// Keeps a stage. Called on the feature's processing thread, one stage at a time.
  func append(_ values: FeatureEvent<Definition>) {
    // Read outside the lock: the clock may be the user's.
    let now = elapsed()
    storage.withLock { storage in
      if Self.startsInput(values.stage, inAction: storage.inAction) {
        // Something new starts: what an earlier input held (one cut short by disposal, say)
        // becomes readable first.
        storage.inputTime = now
        if storage.end < storage.kept.count { publish(&storage) }
        storage.inInput = false
        storage.inAction = false
      }
      switch values.stage {
      case .wish, .bootstrapAction:
        storage.inInput = true
      case .action:
        storage.inInput = true
        storage.inAction = true
      default:
        break
      }
      storage.kept.append(
        Entry(number: storage.nextNumber, time: storage.inputTime, values: values))
      storage.nextNumber += 1
      if values.stage == .actionHandled {
        storage.inInput = false
        storage.inAction = false
      }
      if !storage.inInput || storage.kept.count - storage.end >= Swift.min(capacity, 256) {
        publish(&storage)
      }
    }
  }

  /// Whether `stage` starts processing something (its time is the clock's); the stages it leads
  /// to share its time.
  private static func startsInput(_ stage: FeatureStage, inAction: Bool) -> Bool {
    switch stage {
    case .action, .state, .news, .postProcessedAction, .actionHandled: false
    // An effect inside an action is one of its stages; outside, one of asynchronous work.
    case .effect: !inAction
    default: true
    }
  }

  /// Makes the held stages readable, dropping the oldest beyond ``capacity``.
  private func publish(_ storage: inout Storage) {
    if storage.initialState == nil {
      // The first stages, or the first after `removeAll()`: the state before them is the
      // first one a stage shows.
      for entry in storage.kept[storage.end...] {
        guard let state = Self.stateBefore(entry.values) else { continue }
        storage.initialState = state
        break
      }
    }
    storage.end = storage.kept.count
    let excess = storage.end - storage.start - capacity
    if excess > 0 {
      // The kept stages start from the state the newest dropped one left.
      for entry in storage.kept[storage.start..<(storage.start + excess)].reversed() {
        guard let state = Self.stateAfter(entry.values) else { continue }
        storage.initialState = state
        break
      }
      storage.start += excess
      storage.dropped += excess
    }
    // Compacted once the dropped stages are as many as the kept ones: each stage moves at
    // most once on average.
    if storage.start >= capacity {
      storage.kept.removeFirst(storage.start)
      storage.end -= storage.start
      storage.start = 0
    }
  }

  /// The state before a stage, when the stage shows it.
  private static func stateBefore(_ values: FeatureEvent<Definition>) -> Definition.State? {
    values.stage == .created ? values.state : values.previousState
  }

  /// The state a stage leaves, when it shows it.
  private static func stateAfter(_ values: FeatureEvent<Definition>) -> Definition.State? {
    values.stage == .created || values.stage == .state ? values.state : nil
  }

  /// The readable stages, oldest first, and what goes with them.
  ///
  /// The stages of an input still being handled are readable when its action is handled.
  /// Safe from any thread, including an observer's or an interceptor's call.
  ///
  /// - Parameter number: When given, only the stages numbered after it (for reading a log
  ///   piece by piece).
  /// - Returns: The stages, the dropped count and the initial state.
  public func read(after number: Int? = nil) -> Contents {
    storage.withLock { storage in
      let readable = storage.readable
      let entries: ArraySlice<Entry>
      if let number, let first = readable.first?.number, number >= first {
        entries = readable.dropFirst(number - first + 1)
      } else {
        entries = readable
      }
      return Contents(
        entries: Array(entries), droppedCount: storage.dropped,
        initialState: storage.initialState)
    }
  }

  /// The numbers of the readable stages the log keeps, oldest to newest; `nil` when it keeps
  /// none. Cheaper than ``read(after:)`` for a reader that polls: it copies no stage.
  public var span: ClosedRange<Int>? {
    storage.withLock { storage in
      guard let first = storage.readable.first, let last = storage.readable.last else {
        return nil
      }
      return first.number...last.number
    }
  }

  /// Whether the feature has ended: its last stage, `disposed`, is readable
  /// (and kept, or forgotten by ``removeAll()``). No stage comes after it.
  public var hasEnded: Bool {
    storage.withLock { storage in
      storage.endedBeforeRemoval || storage.readable.last?.values.stage == .disposed
    }
  }

  /// Forgets the readable stages and the dropped count; stages go on being kept from the
  /// next one, with their numbers counting on.
  public func removeAll() {
    storage.withLock { storage in
      if storage.readable.last?.values.stage == .disposed { storage.endedBeforeRemoval = true }
      // The stages of an input being handled stay, to become readable with it.
      storage.kept.removeFirst(storage.end)
      storage.start = 0
      storage.end = 0
      storage.dropped = 0
      storage.initialState = nil
    }
  }
}
