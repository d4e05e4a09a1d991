/// A feature's most recent stages, written by the engine as they happen and read by whoever
/// asked for them: a recorder, an inspector's client.
///
/// An interceptor whose ``FeatureInterceptor/delivery`` is
/// ``FeatureInterceptorDelivery/log(capacity:clock:)`` gets one log per feature it is attached
/// to (in ``FeatureInterceptor/attach(_:)``) instead of a call per stage. The engine writes each
/// stage into the log in code specialized for the feature's definition, with no call to the
/// interceptor and, most of the time, no lock: the stages a wish leads to (its action, effects,
/// states, news, PostProcessor actions) become readable together, with one atomic store, when
/// its action is handled; the others at once.
///
/// ```swift
/// final class LastStages: FeatureInterceptor {
///   let logs = Mutex<[FeatureEventLog<Paginator>]>([])
///   var delivery: FeatureInterceptorDelivery { .log(capacity: 100) }
///   func attach<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
///     if let log = log as? FeatureEventLog<Paginator> { logs.withLock { $0.append(log) } }
///   }
///   func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>) {}
/// }
/// // Later, on any thread:
/// for entry in log.read().entries { print(entry.number, entry.values.valueDescription) }
/// ```
///
/// The log keeps at most ``capacity`` stages: older ones are dropped and counted, and the state
/// they left becomes ``Contents/initialState``, so the kept stages can still be replayed from it.
/// Stage numbers count from 0 (the feature's `created`) for the feature's whole life.
public final class FeatureEventLog<Definition: FeatureDefinition>: @unchecked Sendable {
  // Safe to send: `writer` is touched only by the feature's processing thread (one at a time:
  // the token's hand-over orders them). It writes only slots outside the window of published
  // stages, and makes them part of it with one atomic store (`published`); readers load that
  // word, then read the window's slots under `window`'s lock, which is also the only place the
  // window's start moves. The writer takes the lock only to grow the slots and, once the slots
  // are full, to drop the oldest stages (about once per `slack` stages).

  /// The feature whose stages the log keeps.
  public let feature: FeatureInfo
  /// The most stages the log keeps.
  public let capacity: Int
  /// What times the stages.
  @usableFromInline let clock: FeatureLogClock
  /// The slots past ``capacity``: how many stages of one input the writer may hold back before
  /// publishing, and how many it writes between two drops.
  @usableFromInline let slack: Int
  /// The slots' count: ``capacity`` plus ``slack``.
  @usableFromInline let slotCount: Int
  @usableFromInline typealias Storage = FeatureEventLogStorage<Definition>
  /// What only the writing (processing) thread reads and writes.
  @usableFromInline let writer: UnsafeMutablePointer<Writer>
  /// The number of the first stage not yet published: the stages before it, from the window's
  /// start, are readable.
  @usableFromInline let published: AtomicWord
  /// Where the window starts in the slots, the dropped count and the state before the window.
  @usableFromInline let window: LockedValue<Window>

  /// A log for `feature` that keeps up to `capacity` stages, timed by `clock`.
  ///
  /// - Parameters:
  ///   - feature: The feature.
  ///   - capacity: The most stages kept (at least 1).
  ///   - clock: What times the stages.
  @usableFromInline
  init(feature: FeatureInfo, capacity: Int, clock: FeatureLogClock) {
    self.feature = feature
    self.capacity = Swift.max(1, capacity)
    self.clock = clock
    slack = Swift.min(self.capacity, 256)
    slotCount = self.capacity + slack
    published = AtomicWord(0)
    window = LockedValue(Window())
    writer = .allocate(capacity: 1)
    writer.initialize(
      to: Writer(slack: slack, slotCount: slotCount, published: published, clock: clock))
    writer.pointee.log = Unmanaged.passUnretained(self)
  }

  /// The engine's way into the log: a pointer to the writer's state, which a stage writes
  /// through in code inlined where the stage happens.
  @inlinable
  var handle: FeatureEventLogWriter<Definition> {
    FeatureEventLogWriter(state: writer)
  }

  deinit {
    writer.pointee.slots.deinitialize(writer.pointee.cursors)
    writer.pointee.slots.deallocate()
    writer.deinitialize(count: 1)
    writer.deallocate()
    published.deallocate()
  }

  // MARK: - Writing (the processing thread)

  /// The writer's own state: the slots (grown as the log fills, up to ``capacity`` plus the
  /// slack), where the next stage goes, what the stages of the current input share, and the
  /// log's constants the stages read, so that a stage reads only this memory
  /// (``FeatureEventLogWriter``).
  @usableFromInline
  struct Writer {
    /// The log's ``FeatureEventLog/slack``.
    @usableFromInline let slack: Int
    /// The log's ``FeatureEventLog/slotCount``.
    @usableFromInline let slotCount: Int
    /// The log's ``FeatureEventLog/published``.
    @usableFromInline let published: AtomicWord
    /// The log, for what the stages do out of line; it owns this memory, so it is alive
    /// whenever a stage writes here.
    @usableFromInline var log: Unmanaged<FeatureEventLog>?
    /// The slots; a record or a ring value is initialized when first written.
    @usableFromInline var slots: Storage
    @usableFromInline var allocated = 0
    /// The slot of the next stage.
    @usableFromInline var next = 0
    /// The number of the stage in the first slot on the writer's current round of the slots:
    /// the next stage's number is this plus ``next``, so a stage counts one index, not two.
    @usableFromInline var firstSlotNumber = 0
    /// The slot before which the writer stops to make way
    /// (``FeatureEventLogWriter/makeWay()``): where the stage numbered the smaller of
    /// ``roomLimit`` and the number at which the current input holds back as many stages as
    /// there are slots of slack goes. A stage compares its slot with this one only.
    @usableFromInline var limit = 0
    /// The number of the stage that wraps round to the first slot, needs the slots grown, or
    /// finds every slot still in the window, whichever comes first.
    @usableFromInline var roomLimit = 0
    /// The number of the first stage not yet published: what ``FeatureEventLog/published``
    /// last said.
    @usableFromInline var firstUnpublished = 0
    /// The number of the oldest stage the window may still hold: the window's start when the
    /// writer last looked, never after the real one (readers only move it forward).
    @usableFromInline var oldestKept = 0
    /// Where the next value of each kind goes in its ring.
    @usableFromInline var cursors = FeatureEventLogCursors()
    /// The ring index of the action being handled, which its effects and its `actionHandled`
    /// refer to instead of keeping it again.
    @usableFromInline var currentAction: Int32 = -1
    /// Whether ``currentAction`` is the newest action kept; once another is, the action is kept
    /// again rather than referred to.
    @usableFromInline var currentActionIsNewest = false
    /// The ring index of the newest effect, which the state it led to refers to.
    @usableFromInline var lastEffect: Int32 = -1
    /// The ring index of the newest state (of `created` or `state`), which the next state
    /// refers to as the state before it; -1 before the first.
    @usableFromInline var lastState: Int32 = -1
    /// The current input's time, as a record keeps it (``FeatureEventLogRecord/timeBits(_:)``).
    @usableFromInline var timeBits: Int64 = 0
    @usableFromInline var insideAction = false
    /// Whether an input (a wish, a bootstrap action, an action) is being handled: its stages
    /// are published together when its action is handled.
    @usableFromInline var inputPending = false

    @usableFromInline
    init(slack: Int, slotCount: Int, published: AtomicWord, clock: FeatureLogClock) {
      self.slack = slack
      self.slotCount = slotCount
      self.published = published
      slots = Storage(capacity: 0)
    }
  }

  /// Frees slots for the writer when every one is in the window or written: drops the oldest
  /// published stages past ``capacity``, under the lock.
  @inlinable @inline(never)
  func makeRoom() {
    let published = published.loadRelaxed()
    let oldest = window.withLock { window in
      trim(&window, published: published)
      return window.startNumber
    }
    writer.pointee.oldestKept = oldest
  }

  /// Doubles the slots, up to their count; under the lock, since the window's slots move. Only
  /// what was written moves: the rest stays uninitialized until written.
  @inlinable @inline(never)
  func grow() {
    let writer = writer
    let old = writer.pointee.allocated
    let count = Swift.min(Swift.max(old * 2, 16), slotCount)
    let slots = Storage(capacity: count)
    window.withLock { window in
      slots.moveInitialize(from: writer.pointee.slots, records: old, writer.pointee.cursors)
      writer.pointee.slots.deallocate()
      writer.pointee.slots = slots
      window.slots = slots
    }
    writer.pointee.allocated = count
  }

  /// Drops the oldest of the window's stages (those numbered before `published`) past
  /// ``capacity``, keeping the state they left as the initial state. Under the lock.
  @inlinable
  func trim(_ window: inout Window, published: Int) {
    guard let slots = window.slots else { return }
    let slotCount = slotCount
    if window.initialState == nil {
      // The first stages, or the first after `removeAll()`: the state before them is the
      // initial state of a `created` stage, or the state before the first `state` stage.
      var number = Swift.max(window.scanned, window.startNumber)
      var index = number % slotCount
      while number < published {
        if let state = slots.stateBefore(at: index) {
          window.initialState = state
          break
        }
        number += 1
        index = index + 1 == slotCount ? 0 : index + 1
      }
      window.scanned = number
    }
    let dropped = published - window.startNumber - capacity
    guard dropped > 0 else { return }
    // The state the last dropped `created` or `state` stage left is where the kept ones
    // start: looked for from the newest dropped stage back.
    var index = (window.startNumber + dropped - 1) % slotCount
    for _ in 0..<dropped {
      if let state = slots.stateAfter(at: index) {
        window.initialState = state
        break
      }
      index = index == 0 ? slotCount - 1 : index - 1
    }
    window.startNumber += dropped
    window.dropped += dropped
  }

  // MARK: - Reading (any thread)

  /// Where the window of published stages starts, under the lock; it ends at ``published``.
  /// Stage `number` is in slot `number % slotCount`.
  @usableFromInline
  struct Window {
    /// The slots, as the writer last placed them (it replaces them under the lock as it grows
    /// them; its own copy is ``Writer/slots``).
    @usableFromInline var slots: Storage?
    /// The number of the window's first stage.
    @usableFromInline var startNumber = 0
    @usableFromInline var dropped = 0
    @usableFromInline var initialState: Definition.State?
    /// While ``initialState`` is `nil`: the stages before this number were looked at for it.
    @usableFromInline var scanned = 0
    /// Whether a `disposed` stage was the newest when the stages were last forgotten
    /// (``FeatureEventLog/removeAll()``).
    @usableFromInline var endedBeforeRemoval = false

    @usableFromInline
    init() {}
  }

  /// One kept stage.
  public struct Entry: Sendable {
    /// The stage's number in the feature's life, from 0 for `created`.
    public let number: Int
    /// When the stage happened, as the time since the log's clock started (to the nanosecond).
    public let time: Duration
    /// The stage and its values.
    public let values: FeatureEventValues<Definition>
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

  /// The published stages, oldest first, and what goes with them.
  ///
  /// The stages of an input still being handled are published when its action is handled.
  /// Safe from any thread, including an observer's or an interceptor's call.
  ///
  /// - Parameter number: When given, only the stages numbered after it (for reading a log
  ///   piece by piece).
  /// - Returns: The stages, the dropped count and the initial state.
  public func read(after number: Int? = nil) -> Contents {
    let slotCount = slotCount
    let feature = feature
    let scale = clock.scale()
    let (kept, dropped, initialState) = window.withLock { window in
      let published = published.load()
      trim(&window, published: published)
      var kept: [Entry] = []
      guard let slots = window.slots else { return (kept, window.dropped, window.initialState) }
      let first = Swift.max(window.startNumber, number.map { $0 + 1 } ?? 0)
      kept.reserveCapacity(Swift.max(0, published - first))
      var index = first % slotCount
      for stageNumber in first..<Swift.max(first, published) {
        kept.append(slots.entry(at: index, number: stageNumber, of: feature, scale: scale))
        index = index + 1 == slotCount ? 0 : index + 1
      }
      return (kept, window.dropped, window.initialState)
    }
    return Contents(entries: kept, droppedCount: dropped, initialState: initialState)
  }

  /// The numbers of the published stages the log keeps, oldest to newest; `nil` when it keeps
  /// none. Cheaper than ``read(after:)`` for a reader that polls: it copies no stage.
  public var span: ClosedRange<Int>? {
    window.withLock { window in
      let published = published.load()
      trim(&window, published: published)
      return published > window.startNumber ? window.startNumber...(published - 1) : nil
    }
  }

  /// Whether the feature has ended: its last stage, ``FeatureStage/disposed``, is published
  /// (and kept, or forgotten by ``removeAll()``). No stage comes after it.
  public var hasEnded: Bool {
    window.withLock { window in
      window.endedBeforeRemoval || newestStage(in: window) == .disposed
    }
  }

  /// The newest published stage in the window, under the lock.
  private func newestStage(in window: Window) -> FeatureStage? {
    let published = published.load()
    guard let slots = window.slots, published > window.startNumber else { return nil }
    return slots.records[(published - 1) % slotCount].stage
  }

  /// Forgets the published stages and the dropped count; stages go on being kept from the
  /// next one, with their numbers counting on.
  public func removeAll() {
    window.withLock { window in
      if newestStage(in: window) == .disposed { window.endedBeforeRemoval = true }
      let published = published.load()
      window.startNumber = published
      window.dropped = 0
      window.initialState = nil
      window.scanned = published
    }
  }
}

/// One stage in a log's slots: its time and stage, and where its values are in the rings of
/// their types (-1 for none).
///
/// Not generic, so that writing one is a plain store: a slot holding every value as one generic
/// struct was copied through value witnesses that look up the definition's types at every stage,
/// and a column per value at the stage's index touched every column's memory at every stage.
@usableFromInline
struct FeatureEventLogRecord {
  /// The time in the clock's ticks, shifted left by 8, and the stage in the low byte.
  @usableFromInline var timeAndStage: Int64
  /// The stage's own value: the wish, effect, new state (also of `created`), news or work.
  @usableFromInline var value: Int32 = -1
  /// The action, of the action stages, an effect and the work stages.
  @usableFromInline var action: Int32 = -1
  /// A state stage's effect.
  @usableFromInline var effect: Int32 = -1
  /// A state stage's previous state (see ``FeatureEventLogStorage/previousState(of:)``); a
  /// failed work's error.
  @usableFromInline var other: Int32 = -1

  /// A record of `stage` at a time given as ``timeBits(_:)`` made it.
  @inlinable @inline(__always)
  init(timeBits: Int64, stage: FeatureStage) {
    timeAndStage = timeBits | Int64(stage.index)
  }

  /// A time in the clock's ticks as records keep it: kept to 55 bits (over a year in
  /// nanoseconds) and shifted left by 8.
  @inlinable @inline(__always)
  static func timeBits(_ time: Int64) -> Int64 {
    Swift.min(Swift.max(time, 0), Int64(1) << 55 - 1) << 8
  }

  /// The time in the clock's ticks.
  @inlinable var time: Int64 { timeAndStage >> 8 }
  /// The stage.
  @inlinable var stage: FeatureStage {
    FeatureStage(index: UInt8(truncatingIfNeeded: timeAndStage))
  }
}

/// Where the writer puts the next value of one kind in its ring, and how much of the ring holds
/// values: the ring is filled from its start, and goes round only once full.
@usableFromInline
struct FeatureEventLogCursor {
  @usableFromInline var next = 0
  @usableFromInline var filled = 0

  @usableFromInline
  init() {}
}

/// Where the writer puts the next value of each kind, in the rings of
/// ``FeatureEventLogStorage``.
@usableFromInline
struct FeatureEventLogCursors {
  @usableFromInline var wishes = FeatureEventLogCursor()
  @usableFromInline var actions = FeatureEventLogCursor()
  @usableFromInline var effects = FeatureEventLogCursor()
  @usableFromInline var states = FeatureEventLogCursor()
  @usableFromInline var news = FeatureEventLogCursor()
  @usableFromInline var works = FeatureEventLogCursor()
  @usableFromInline var errors = FeatureEventLogCursor()

  @usableFromInline
  init() {}
}

extension UnsafeMutablePointer {
  /// Keeps `value` at `cursor` in a ring of `count` values, moves the cursor on and returns
  /// where the value went.
  ///
  /// A value of a trivial type (no references, nothing to destroy) is stored over whatever
  /// the memory holds, and its ring's filled count is not kept: a ring being grown has not gone
  /// round, so its cursor says how far it is filled.
  @inlinable @inline(__always)
  func put(_ value: Pointee, at cursor: inout FeatureEventLogCursor, _ count: Int) -> Int32 {
    let index = cursor.next
    if _isPOD(Pointee.self) {
      (self + index).initialize(to: value)
    } else if index == cursor.filled {
      (self + index).initialize(to: value)
      cursor.filled = index &+ 1
    } else {
      self[index] = value
    }
    cursor.next = index &+ 1 == count ? 0 : index &+ 1
    return Int32(truncatingIfNeeded: index)
  }

  /// Moves the values `cursor` put into `other`, which has `allocated` places, here.
  ///
  /// Slots grow only until every slot is allocated, and rings go round only after that, so a
  /// ring being grown holds its first `cursor.next` values: a ring of a trivial type, whose
  /// filled count is not kept, moves those. Moving all its places instead touched memory no
  /// value was written to: for a feature without news, 16 pages of a new block for its empty
  /// news ring at 8,192 slots, each a fault of about 1.6 µs on a fresh block.
  @inlinable
  func moveInitialize(from other: Self, _ cursor: FeatureEventLogCursor, allocated: Int) {
    let written = _isPOD(Pointee.self) ? cursor.next : cursor.filled
    moveInitialize(from: other, count: Swift.min(written, allocated))
  }
}

/// A log's slots: a record per stage and a ring per kind of value, each of a type of the
/// definition or of the engine.
///
/// A ring holds as many values as there are slots (the states' one more, see
/// ``FeatureEventLogWriter/keepState(_:in:)``), and only stages write values, at most one of
/// each kind per stage; so a value is overwritten only after as many stages as there are
/// slots, when the stage that refers to it has left the window. Nothing is initialized ahead:
/// records are plain data written before they are read, and a ring fills from its start (its
/// ``FeatureEventLogCursor`` says how far), so growing moves only what was written. A wish's
/// stages touch about a third of the memory a column per value at each stage's index did,
/// which is what counts when a feature's caches went cold between wishes; a state stage keeps
/// only its new state, and refers to the one before it.
@usableFromInline
struct FeatureEventLogStorage<Definition: FeatureDefinition> {
  @usableFromInline let records: UnsafeMutablePointer<FeatureEventLogRecord>
  @usableFromInline let wishes: UnsafeMutablePointer<Definition.Wish>
  @usableFromInline let actions: UnsafeMutablePointer<Definition.Action>
  @usableFromInline let effects: UnsafeMutablePointer<Definition.Effect>
  @usableFromInline let states: UnsafeMutablePointer<Definition.State>
  @usableFromInline let news: UnsafeMutablePointer<Definition.News>
  @usableFromInline let works: UnsafeMutablePointer<WorkInfo>
  @usableFromInline let errors: UnsafeMutablePointer<any Error>

  /// The size of the block that holds the slots and rings, for its ``FeatureEventLogMemory``.
  @usableFromInline let byteCount: Int
  /// The alignment of that block.
  @usableFromInline let alignment: Int

  /// Slots and rings of `capacity` uninitialized values, in one block of
  /// ``FeatureEventLogMemory`` (the records first, so their pointer is the block's).
  @usableFromInline
  init(capacity: Int) {
    var layout = RawLayout()
    let recordsOffset = layout.place(FeatureEventLogRecord.self, count: capacity)
    // One more state than slots: a state stage refers to the state before it, the one kept
    // just before its own, which must outlast it by a stage (see
    // `FeatureEventLogWriter.keepState`).
    let statesOffset = layout.place(Definition.State.self, count: capacity + 1)
    let wishesOffset = layout.place(Definition.Wish.self, count: capacity)
    let actionsOffset = layout.place(Definition.Action.self, count: capacity)
    let effectsOffset = layout.place(Definition.Effect.self, count: capacity)
    let newsOffset = layout.place(Definition.News.self, count: capacity)
    let worksOffset = layout.place(WorkInfo.self, count: capacity)
    let errorsOffset = layout.place((any Error).self, count: capacity)
    byteCount = layout.byteCount
    alignment = layout.alignment
    let block = FeatureEventLogMemory.shared.allocate(byteCount: byteCount, alignment: alignment)
    records = block.at(recordsOffset, count: capacity)
    states = block.at(statesOffset, count: capacity + 1)
    wishes = block.at(wishesOffset, count: capacity)
    actions = block.at(actionsOffset, count: capacity)
    effects = block.at(effectsOffset, count: capacity)
    news = block.at(newsOffset, count: capacity)
    works = block.at(worksOffset, count: capacity)
    errors = block.at(errorsOffset, count: capacity)
  }

  /// Moves the first `records` records of `other`, and the values its rings hold, here.
  @inlinable
  func moveInitialize(from other: Self, records count: Int, _ cursors: FeatureEventLogCursors) {
    records.moveInitialize(from: other.records, count: count)
    wishes.moveInitialize(from: other.wishes, cursors.wishes, allocated: count)
    actions.moveInitialize(from: other.actions, cursors.actions, allocated: count)
    effects.moveInitialize(from: other.effects, cursors.effects, allocated: count)
    states.moveInitialize(from: other.states, cursors.states, allocated: count + 1)
    news.moveInitialize(from: other.news, cursors.news, allocated: count)
    works.moveInitialize(from: other.works, cursors.works, allocated: count)
    errors.moveInitialize(from: other.errors, cursors.errors, allocated: count)
  }

  /// Ends the values the rings hold.
  @usableFromInline
  func deinitialize(_ cursors: FeatureEventLogCursors) {
    wishes.deinitialize(count: cursors.wishes.filled)
    actions.deinitialize(count: cursors.actions.filled)
    effects.deinitialize(count: cursors.effects.filled)
    states.deinitialize(count: cursors.states.filled)
    news.deinitialize(count: cursors.news.filled)
    works.deinitialize(count: cursors.works.filled)
    errors.deinitialize(count: cursors.errors.filled)
  }

  /// Frees the memory (of values already ended or moved).
  @usableFromInline
  func deallocate() {
    FeatureEventLogMemory.shared.deallocate(
      UnsafeMutableRawPointer(records), byteCount: byteCount, alignment: alignment)
  }

  /// The value at `index` of `ring`, when there is one.
  @inlinable
  static func value<Value>(_ ring: UnsafeMutablePointer<Value>, _ index: Int32) -> Value? {
    index < 0 ? nil : ring[Int(index)]
  }

  /// The state before the stage at `index`: the initial state of `created`, the previous state
  /// of `state`.
  @inlinable
  func stateBefore(at index: Int) -> Definition.State? {
    let record = records[index]
    switch record.stage {
    case .created: return Self.value(states, record.value)
    case .state: return previousState(of: record)
    default: return nil
    }
  }

  /// The state before a `state` stage: the state kept just before its own (its `other`), by
  /// `created` or the previous `state`.
  @inlinable
  func previousState(of record: FeatureEventLogRecord) -> Definition.State? {
    precondition(
      record.other >= 0,
      "Internal inconsistency: a log's state stage came before any state; `created` comes first")
    return Self.value(states, record.other)
  }

  /// The state the stage at `index` left, for `created` and `state`.
  @inlinable
  func stateAfter(at index: Int) -> Definition.State? {
    let record = records[index]
    let stage = record.stage
    return stage == .created || stage == .state ? Self.value(states, record.value) : nil
  }

  /// The stage at `index`, numbered `number`, as an entry of the log of `feature`, its time
  /// turned into nanoseconds at `scale`.
  func entry(
    at index: Int, number: Int, of feature: FeatureInfo, scale: FeatureLogClock.Scale
  ) -> FeatureEventLog<Definition>.Entry {
    let record = records[index]
    let action = Self.value(actions, record.action)
    let stage = record.stage
    // `value` refers to the ring of the stage's own kind: the works' only for a work stage.
    let isWork =
      stage == .workStarted || stage == .workFinished || stage == .workCancelled
      || stage == .workFailed
    let work = isWork ? Self.value(works, record.value) : nil
    let payload: FeatureTraceEvent<Definition> =
      switch stage {
      case .created: .created(Self.value(states, record.value)!)
      case .started: .started
      case .wish: .wish(Self.value(wishes, record.value)!)
      case .bootstrapAction: .bootstrapAction(action!)
      case .action: .action(action!)
      case .effect: .effect(Self.value(effects, record.value)!, action: action!)
      case .state:
        .state(
          previous: previousState(of: record)!, Self.value(states, record.value)!,
          effect: Self.value(effects, record.effect)!)
      case .news: .news(Self.value(news, record.value)!)
      case .postProcessedAction: .postProcessedAction(action!)
      case .actionHandled: .actionHandled(action!)
      case .workStarted: .workStarted(TracedWork(info: work!, action: action))
      case .workFinished: .workEnded(TracedWork(info: work!, action: action), .finished)
      case .workCancelled: .workEnded(TracedWork(info: work!, action: action), .cancelled)
      case .workFailed:
        .workEnded(
          TracedWork(info: work!, action: action), .failed(Self.value(errors, record.other)!))
      default: .disposed
      }
    return FeatureEventLog<Definition>.Entry(
      number: number, time: .nanoseconds(scale.nanoseconds(record.time)),
      values: FeatureEventValues(feature: feature, stage: stage, payload: payload))
  }
}
