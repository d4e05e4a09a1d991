/// A feature's most recent stages, written by the engine as they happen and read by whoever
/// asked for them: a recorder, an inspector's client.
///
/// An interceptor whose ``FeatureInterceptor/delivery`` is
/// ``FeatureInterceptorDelivery/log(capacity:clock:)`` gets one log per feature it is attached
/// to (in ``FeatureInterceptor/attach(_:)``) instead of a call per stage. The engine writes each
/// stage into the log in code specialized for the feature's definition, with no call to the
/// interceptor and no lock for the stages of one input: the stages a wish leads to (its action,
/// effects, states, news, PostProcessor actions) become readable together when its action is
/// handled, the others at once.
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
  @usableFromInline typealias Columns = FeatureEventLogColumns<Definition>
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
    slack = Swift.min(capacity, 64)
    slotCount = capacity + slack
    writer = .allocate(capacity: 1)
    writer.initialize(to: Writer())
    published = AtomicWord(0)
    window = LockedValue(Window())
  }

  deinit {
    writer.pointee.slots.deinitialize(count: writer.pointee.allocated)
    writer.pointee.slots.deallocate()
    writer.deinitialize(count: 1)
    writer.deallocate()
    published.deallocate()
  }

  // MARK: - Writing (the processing thread)

  /// The writer's own state: the slots (grown as the log fills, up to ``capacity`` plus the
  /// slack), where the next stage goes, and what the stages of the current input share.
  @usableFromInline
  struct Writer {
    /// The slots, every one initialized (to no values) when allocated.
    @usableFromInline var slots: Columns
    @usableFromInline var allocated = 0
    /// The slot of the next stage.
    @usableFromInline var next = 0
    /// The next stage's number.
    @usableFromInline var nextNumber = 0
    /// The number of the oldest stage the window may still hold: the window's start when the
    /// writer last looked, never after the real one (readers only move it forward).
    @usableFromInline var oldestKept = 0
    /// Stages written after the window and not yet published.
    @usableFromInline var unpublished = 0
    /// The current input's time, in the clock's ticks since its start.
    @usableFromInline var lastTime: Int64 = 0
    @usableFromInline var insideAction = false
    /// Whether an input (a wish, a bootstrap action, an action) is being handled: its stages
    /// are published together when its action is handled.
    @usableFromInline var inputPending = false

    @usableFromInline
    init() {
      slots = Columns(capacity: 0)
    }
  }

  /// Keeps one stage. Called by the engine on the processing thread.
  ///
  /// The clock is read for the stages that start processing (creation, start, a wish, a
  /// bootstrap action, an effect delivered by asynchronous work, the work stages, disposal);
  /// the stages an input leads to share its time.
  @inlinable
  func append(
    _ stage: FeatureStage, wish: Definition.Wish? = nil, action: Definition.Action? = nil,
    effect: Definition.Effect? = nil, state: Definition.State? = nil,
    previousState: Definition.State? = nil, news: Definition.News? = nil,
    work: WorkInfo? = nil, error: (any Error)? = nil
  ) {
    let writer = writer
    switch stage {
    case .action:
      writer.pointee.insideAction = true
      writer.pointee.inputPending = true
    case .actionHandled:
      writer.pointee.insideAction = false
      writer.pointee.inputPending = false
    case .state, .news, .postProcessedAction:
      break
    case .effect:
      if !writer.pointee.insideAction { writer.pointee.lastTime = clock.ticks() }
    case .wish, .bootstrapAction:
      writer.pointee.lastTime = clock.ticks()
      writer.pointee.inputPending = true
    default:
      writer.pointee.lastTime = clock.ticks()
    }
    let number = writer.pointee.nextNumber
    if number &- writer.pointee.oldestKept == slotCount { makeRoom() }
    let index = writer.pointee.next
    if index == writer.pointee.allocated { grow() }
    // Only the columns of the stage's values are written: a column's older value at this index
    // belongs to another stage and is never read (the stage says which columns count), and is
    // released when a stage with that value reuses the slot.
    let slots = writer.pointee.slots
    slots.times[index] = writer.pointee.lastTime
    slots.stages[index] = stage
    if let wish { slots.wishes[index] = wish }
    // A work stage's action is `nil` for the Bootstrapper's work: written either way.
    if action != nil || work != nil { slots.actions[index] = action }
    if let effect { slots.effects[index] = effect }
    if let state { slots.states[index] = state }
    if let previousState { slots.previousStates[index] = previousState }
    if let news { slots.news[index] = news }
    if let work { slots.works[index] = work }
    if let error { slots.errors[index] = error }
    writer.pointee.nextNumber = number &+ 1
    writer.pointee.next = index &+ 1 == slotCount ? 0 : index &+ 1
    writer.pointee.unpublished &+= 1
    if !writer.pointee.inputPending || writer.pointee.unpublished == slack {
      writer.pointee.unpublished = 0
      published.store(number &+ 1)
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

  /// Doubles the slots, up to their count; under the lock, since the window's slots move.
  @inlinable @inline(never)
  func grow() {
    let writer = writer
    let old = writer.pointee.allocated
    let count = Swift.min(Swift.max(old * 2, 16), slotCount)
    let slots = Columns(capacity: count)
    window.withLock { window in
      slots.moveInitialize(from: writer.pointee.slots, count: old)
      writer.pointee.slots.deallocate()
      writer.pointee.slots = slots
      window.slots = slots
    }
    slots.initializeEmpty(from: old, to: count)
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
      var index = (window.startIndex + number - window.startNumber) % slotCount
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
    var index = (window.startIndex + dropped - 1) % slotCount
    for _ in 0..<dropped {
      if let state = slots.stateAfter(at: index) {
        window.initialState = state
        break
      }
      index = index == 0 ? slotCount - 1 : index - 1
    }
    window.startIndex = (window.startIndex + dropped) % slotCount
    window.startNumber += dropped
    window.dropped += dropped
  }

  // MARK: - Reading (any thread)

  /// Where the window of published stages starts in the slots, under the lock; it ends at
  /// ``published``.
  @usableFromInline
  struct Window {
    /// The slots, as the writer last placed them (it replaces them under the lock as it grows
    /// them; its own copy is ``Writer/slots``).
    @usableFromInline var slots: Columns?
    /// The slot of the window's first stage.
    @usableFromInline var startIndex = 0
    /// The number of the window's first stage.
    @usableFromInline var startNumber = 0
    @usableFromInline var dropped = 0
    @usableFromInline var initialState: Definition.State?
    /// While ``initialState`` is `nil`: the stages before this number were looked at for it.
    @usableFromInline var scanned = 0

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
      var index = (window.startIndex + Swift.max(0, first - window.startNumber)) % slotCount
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

  /// Forgets the published stages and the dropped count; stages go on being kept from the
  /// next one, with their numbers counting on.
  public func removeAll() {
    let slotCount = slotCount
    window.withLock { window in
      let published = published.load()
      window.startIndex = (window.startIndex + published - window.startNumber) % slotCount
      window.startNumber = published
      window.dropped = 0
      window.initialState = nil
      window.scanned = published
    }
  }
}

/// A log's slots as one column per value, each of a type of the definition or of the engine.
///
/// A slot as one struct of every value was copied and destroyed through the struct's generic
/// value witnesses, which look up the definition's associated types at every stage; a column
/// of `Definition.State?` is written with the state type's own code.
@usableFromInline
struct FeatureEventLogColumns<Definition: FeatureDefinition> {
  /// The clock's ticks since its start (``FeatureLogClock``).
  @usableFromInline let times: UnsafeMutablePointer<Int64>
  @usableFromInline let stages: UnsafeMutablePointer<FeatureStage>
  @usableFromInline let wishes: UnsafeMutablePointer<Definition.Wish?>
  @usableFromInline let actions: UnsafeMutablePointer<Definition.Action?>
  @usableFromInline let effects: UnsafeMutablePointer<Definition.Effect?>
  @usableFromInline let states: UnsafeMutablePointer<Definition.State?>
  @usableFromInline let previousStates: UnsafeMutablePointer<Definition.State?>
  @usableFromInline let news: UnsafeMutablePointer<Definition.News?>
  @usableFromInline let works: UnsafeMutablePointer<WorkInfo?>
  @usableFromInline let errors: UnsafeMutablePointer<(any Error)?>

  /// Columns of `capacity` uninitialized slots.
  @inlinable
  init(capacity: Int) {
    times = .allocate(capacity: capacity)
    stages = .allocate(capacity: capacity)
    wishes = .allocate(capacity: capacity)
    actions = .allocate(capacity: capacity)
    effects = .allocate(capacity: capacity)
    states = .allocate(capacity: capacity)
    previousStates = .allocate(capacity: capacity)
    news = .allocate(capacity: capacity)
    works = .allocate(capacity: capacity)
    errors = .allocate(capacity: capacity)
  }

  /// Initializes slots `start..<end` to no values.
  @inlinable
  func initializeEmpty(from start: Int, to end: Int) {
    let count = end - start
    guard count > 0 else { return }
    (times + start).initialize(repeating: 0, count: count)
    (stages + start).initialize(repeating: .disposed, count: count)
    (wishes + start).initialize(repeating: nil, count: count)
    (actions + start).initialize(repeating: nil, count: count)
    (effects + start).initialize(repeating: nil, count: count)
    (states + start).initialize(repeating: nil, count: count)
    (previousStates + start).initialize(repeating: nil, count: count)
    (news + start).initialize(repeating: nil, count: count)
    (works + start).initialize(repeating: nil, count: count)
    (errors + start).initialize(repeating: nil, count: count)
  }

  /// Moves the first `count` slots of `other` here.
  @inlinable
  func moveInitialize(from other: Self, count: Int) {
    times.moveInitialize(from: other.times, count: count)
    stages.moveInitialize(from: other.stages, count: count)
    wishes.moveInitialize(from: other.wishes, count: count)
    actions.moveInitialize(from: other.actions, count: count)
    effects.moveInitialize(from: other.effects, count: count)
    states.moveInitialize(from: other.states, count: count)
    previousStates.moveInitialize(from: other.previousStates, count: count)
    news.moveInitialize(from: other.news, count: count)
    works.moveInitialize(from: other.works, count: count)
    errors.moveInitialize(from: other.errors, count: count)
  }

  /// Ends the values of the first `count` slots.
  @usableFromInline
  func deinitialize(count: Int) {
    wishes.deinitialize(count: count)
    actions.deinitialize(count: count)
    effects.deinitialize(count: count)
    states.deinitialize(count: count)
    previousStates.deinitialize(count: count)
    news.deinitialize(count: count)
    works.deinitialize(count: count)
    errors.deinitialize(count: count)
  }

  /// Frees the memory (of slots already ended or moved).
  @inlinable
  func deallocate() {
    times.deallocate()
    stages.deallocate()
    wishes.deallocate()
    actions.deallocate()
    effects.deallocate()
    states.deallocate()
    previousStates.deallocate()
    news.deallocate()
    works.deallocate()
    errors.deallocate()
  }

  /// The state before the stage at `index`: the initial state of `created`, the previous state
  /// of `state`.
  @inlinable
  func stateBefore(at index: Int) -> Definition.State? {
    switch stages[index] {
    case .created: states[index]
    case .state: previousStates[index]
    default: nil
    }
  }

  /// The state the stage at `index` left, for `created` and `state`.
  @inlinable
  func stateAfter(at index: Int) -> Definition.State? {
    let stage = stages[index]
    return stage == .created || stage == .state ? states[index] : nil
  }

  /// The stage at `index`, numbered `number`, as an entry of the log of `feature`, its time
  /// turned into nanoseconds at `scale`.
  func entry(
    at index: Int, number: Int, of feature: FeatureInfo, scale: FeatureLogClock.Scale
  ) -> FeatureEventLog<Definition>.Entry {
    let action = actions[index]
    let work = works[index]
    let payload: FeatureTraceEvent<Definition> =
      switch stages[index] {
      case .created: .created(states[index]!)
      case .started: .started
      case .wish: .wish(wishes[index]!)
      case .bootstrapAction: .bootstrapAction(action!)
      case .action: .action(action!)
      case .effect: .effect(effects[index]!, action: action!)
      case .state: .state(previous: previousStates[index]!, states[index]!, effect: effects[index]!)
      case .news: .news(news[index]!)
      case .postProcessedAction: .postProcessedAction(action!)
      case .actionHandled: .actionHandled(action!)
      case .workStarted: .workStarted(TracedWork(info: work!, action: action))
      case .workFinished: .workEnded(TracedWork(info: work!, action: action), .finished)
      case .workCancelled: .workEnded(TracedWork(info: work!, action: action), .cancelled)
      case .workFailed:
        .workEnded(TracedWork(info: work!, action: action), .failed(errors[index]!))
      default: .disposed
      }
    return FeatureEventLog<Definition>.Entry(
      number: number, time: .nanoseconds(scale.nanoseconds(times[index])),
      values: FeatureEventValues(feature: feature, stage: stages[index], payload: payload))
  }
}
