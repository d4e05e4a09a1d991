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
  // the token's hand-over orders them), and the slots it writes lie outside the published
  // window; the window, and the slots inside it, are read and changed only under `window`'s
  // lock.

  /// The feature whose stages the log keeps.
  public let feature: FeatureInfo
  /// The most stages the log keeps.
  public let capacity: Int
  /// The time since the log's clock started.
  @usableFromInline let elapsed: @Sendable () -> Duration
  /// How many stages of one input the writer may hold back before publishing: the slots past
  /// the window that only the writer touches.
  @usableFromInline let slack: Int
  /// The slots' count: ``capacity`` plus ``slack``.
  @usableFromInline let slotCount: Int
  @usableFromInline typealias Columns = FeatureEventLogColumns<Definition>
  /// What only the writing (processing) thread reads and writes.
  @usableFromInline let writer: UnsafeMutablePointer<Writer>
  /// The published stages' place in the slots, the dropped count and the state before them.
  @usableFromInline let window: LockedValue<Window>

  /// A log for `feature` that keeps up to `capacity` stages, timed by `elapsed`.
  ///
  /// - Parameters:
  ///   - feature: The feature.
  ///   - capacity: The most stages kept (at least 1).
  ///   - elapsed: The time since the log's clock started.
  @usableFromInline
  init(feature: FeatureInfo, capacity: Int, elapsed: @escaping @Sendable () -> Duration) {
    self.feature = feature
    self.capacity = Swift.max(1, capacity)
    self.elapsed = elapsed
    slack = Swift.min(self.capacity, 64)
    slotCount = self.capacity + slack
    writer = .allocate(capacity: 1)
    writer.initialize(to: Writer())
    window = LockedValue(Window())
  }

  deinit {
    writer.pointee.slots.deinitialize(count: writer.pointee.allocated)
    writer.pointee.slots.deallocate()
    writer.deinitialize(count: 1)
    writer.deallocate()
  }

  // MARK: - Writing (the processing thread)

  /// The writer's own state: the slots (grown as the log fills, up to ``capacity`` plus the
  /// slack), where the next stage goes, and what the stages of the current input share.
  @usableFromInline
  struct Writer {
    /// The slots, every one initialized (to no values) when allocated.
    @usableFromInline var slots: Columns
    @usableFromInline var allocated = 0
    @usableFromInline var next = 0
    /// Stages written after the window and not yet published.
    @usableFromInline var unpublished = 0
    @usableFromInline var nextNumber = 0
    @usableFromInline var lastTime = Duration.zero
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
      if !writer.pointee.insideAction { writer.pointee.lastTime = elapsed() }
    case .wish, .bootstrapAction:
      writer.pointee.lastTime = elapsed()
      writer.pointee.inputPending = true
    default:
      writer.pointee.lastTime = elapsed()
    }
    let index = writer.pointee.next
    if index == writer.pointee.allocated { grow() }
    // Only the columns of the stage's values are written: a column's older value at this index
    // belongs to another stage and is never read (the stage says which columns count), and is
    // released when a stage with that value reuses the slot.
    let slots = writer.pointee.slots
    slots.numbers[index] = writer.pointee.nextNumber
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
    writer.pointee.nextNumber += 1
    writer.pointee.next = index + 1 == slotCount ? 0 : index + 1
    writer.pointee.unpublished += 1
    if !writer.pointee.inputPending || writer.pointee.unpublished == slack { publish() }
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

  /// Makes the stages written since the last call readable, dropping the oldest past
  /// ``capacity``.
  @inlinable @inline(never)
  func publish() {
    let writer = writer
    let added = writer.pointee.unpublished
    writer.pointee.unpublished = 0
    let slots = writer.pointee.slots
    let slotCount = slotCount
    let capacity = capacity
    window.withLock { window in
      if window.initialState == nil {
        // The first stages, or the first after `removeAll()`: the state before them is the
        // initial state of a `created` stage, or the state before the first `state` stage.
        for offset in window.count..<(window.count + added) {
          let index = (window.start + offset) % slotCount
          if let state = slots.stateBefore(at: index) {
            window.initialState = state
            break
          }
        }
      }
      window.count += added
      let dropped = window.count - capacity
      guard dropped > 0 else { return }
      // The state the last dropped `created` or `state` stage left is where the kept ones
      // start: looked for from the newest dropped stage back.
      var index = (window.start + dropped - 1) % slotCount
      for _ in 0..<dropped {
        if let state = slots.stateAfter(at: index) {
          window.initialState = state
          break
        }
        index = index == 0 ? slotCount - 1 : index - 1
      }
      window.start = (window.start + dropped) % slotCount
      window.count = capacity
      window.dropped += dropped
    }
  }

  // MARK: - Reading (any thread)

  /// The published stages' place in the slots, under the lock.
  @usableFromInline
  struct Window {
    /// The slots, as the writer last placed them (it replaces them under the lock as it grows
    /// them; its own copy is ``Writer/slots``).
    @usableFromInline var slots: Columns?
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped = 0
    @usableFromInline var initialState: Definition.State?

    @usableFromInline
    init() {}
  }

  /// One kept stage.
  public struct Entry: Sendable {
    /// The stage's number in the feature's life, from 0 for `created`.
    public let number: Int
    /// When the stage happened, as the time since the log's clock started.
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
    let (kept, dropped, initialState) = window.withLock { window in
      var kept: [Entry] = []
      kept.reserveCapacity(window.count)
      guard let slots = window.slots else { return (kept, window.dropped, window.initialState) }
      var index = window.start
      for _ in 0..<window.count {
        if number.map({ slots.numbers[index] > $0 }) ?? true {
          kept.append(slots.entry(at: index, of: feature))
        }
        index = index + 1 == slotCount ? 0 : index + 1
      }
      return (kept, window.dropped, window.initialState)
    }
    return Contents(entries: kept, droppedCount: dropped, initialState: initialState)
  }

  /// The numbers of the published stages the log keeps, oldest to newest; `nil` when it keeps
  /// none. Cheaper than ``read(after:)`` for a reader that polls: it copies no stage.
  public var span: ClosedRange<Int>? {
    let slotCount = slotCount
    return window.withLock { window in
      guard let slots = window.slots, window.count > 0 else { return nil }
      let newest = (window.start + window.count - 1) % slotCount
      return slots.numbers[window.start]...slots.numbers[newest]
    }
  }

  /// Forgets the published stages and the dropped count; stages go on being kept from the
  /// next one, with their numbers counting on.
  public func removeAll() {
    let slotCount = slotCount
    window.withLock { window in
      window.start = (window.start + window.count) % slotCount
      window.count = 0
      window.dropped = 0
      window.initialState = nil
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
  @usableFromInline let numbers: UnsafeMutablePointer<Int>
  @usableFromInline let times: UnsafeMutablePointer<Duration>
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
    numbers = .allocate(capacity: capacity)
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
    (numbers + start).initialize(repeating: 0, count: count)
    (times + start).initialize(repeating: .zero, count: count)
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
    numbers.moveInitialize(from: other.numbers, count: count)
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
    numbers.deallocate()
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

  /// The stage at `index` as an entry of the log of `feature`.
  @usableFromInline
  func entry(at index: Int, of feature: FeatureInfo) -> FeatureEventLog<Definition>.Entry {
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
      number: numbers[index], time: times[index],
      values: FeatureEventValues(feature: feature, stage: stages[index], payload: payload))
  }
}
