import CFinitaAtomics

/// How the engine writes a stage into a ``FeatureEventLog``: a pointer to the log's writer
/// state, which the log owns and keeps while it lives.
///
/// The trace writes each stage through it with ``append(stageOf:)``. Only the feature's
/// processing thread writes (see ``FeatureEventLog``).
@usableFromInline
struct FeatureEventLogWriter<Definition: FeatureDefinition> {
  @usableFromInline typealias Log = FeatureEventLog<Definition>

  /// The log's writer state.
  @usableFromInline let state: UnsafeMutablePointer<Log.Writer>

  @inlinable
  init(state: UnsafeMutablePointer<Log.Writer>) {
    self.state = state
  }

  /// Keeps one stage.
  ///
  /// The clock is read for the stages that start processing (creation, start, a wish, a
  /// bootstrap action, an effect delivered by asynchronous work, the work stages, disposal);
  /// the stages an input leads to share its time.
  ///
  /// Inlined for each stage, where `stage` is known: a stage of a wish costs a comparison with
  /// ``FeatureEventLog/Writer/limit``, its values' stores into their rings, its record's and
  /// the slot index's; the rest (wrapping round, growing, dropping the oldest stages, publishing a
  /// long input's stages early) waits for the stage that reaches the limit.
  @inlinable @inline(__always)
  func append(
    _ stage: FeatureStage, wish: Definition.Wish? = nil, action: Definition.Action? = nil,
    effect: Definition.Effect? = nil, state: Definition.State? = nil,
    news: Definition.News? = nil, work: WorkInfo? = nil, error: (any Error)? = nil
  ) {
    let writer = self.state
    // Whether the stage is published at once: the stages of an input wait for its
    // `actionHandled`, which publishes them all.
    let publishes: Bool
    switch stage {
    case .action:
      writer.pointee.insideAction = true
      writer.pointee.inputPending = true
      publishes = false
    case .actionHandled:
      writer.pointee.insideAction = false
      writer.pointee.inputPending = false
      publishes = true
    case .state, .news, .postProcessedAction:
      publishes = !writer.pointee.inputPending
    case .effect:
      if !writer.pointee.insideAction { startInput() }
      publishes = !writer.pointee.inputPending
    case .wish, .bootstrapAction:
      startInput()
      writer.pointee.inputPending = true
      publishes = false
    default:
      startInput()
      publishes = !writer.pointee.inputPending
    }
    if writer.pointee.next == writer.pointee.limit { makeWay() }
    // The stage's record, and its values in the rings of their types; an action or an effect
    // the input already kept is referred to, not kept again.
    let slots = writer.pointee.slots
    let slotCount = writer.pointee.slotCount
    var record = FeatureEventLogRecord(timeBits: writer.pointee.timeBits, stage: stage)
    switch stage {
    case .actionHandled:
      record.action = currentAction(action, in: slots)
    case .effect:
      if let effect {
        record.value = slots.effects.put(effect, at: &writer.pointee.cursors.effects, slotCount)
        writer.pointee.lastEffect = record.value
      }
      if writer.pointee.insideAction {
        record.action = currentAction(action, in: slots)
      } else if let action {
        record.action = keep(action, in: slots)
      }
    case .state:
      // The state before this one is the state kept just before it, by `created` (always a
      // log's first stage) or the previous `state`: referred to, not kept again.
      record.other = writer.pointee.lastState
      if let state { record.value = keepState(state, in: slots) }
      record.effect = writer.pointee.lastEffect
    default:
      if let action {
        record.action = keep(action, in: slots)
        if stage == .action {
          writer.pointee.currentAction = record.action
          writer.pointee.currentActionIsNewest = true
        }
      }
      if let wish {
        record.value = slots.wishes.put(wish, at: &writer.pointee.cursors.wishes, slotCount)
      }
      if let state { record.value = keepState(state, in: slots) }
      if let news {
        record.value = slots.news.put(news, at: &writer.pointee.cursors.news, slotCount)
      }
      if let work {
        record.value = slots.works.put(work, at: &writer.pointee.cursors.works, slotCount)
      }
      if let error {
        record.other = slots.errors.put(error, at: &writer.pointee.cursors.errors, slotCount)
      }
    }
    // A record is plain data: initializing it over an older one needs no release.
    let index = writer.pointee.next
    (slots.records + index).initialize(to: record)
    writer.pointee.next = index &+ 1
    if publishes { publish() }
  }

  /// Keeps a stage given as the trace's enum: the stages off the hot path.
  @inlinable
  func append(stageOf payload: FeatureTraceEvent<Definition>) {
    switch payload {
    case .created(let state): append(.created, state: state)
    case .started: append(.started)
    case .wish(let wish): append(.wish, wish: wish)
    case .bootstrapAction(let action): append(.bootstrapAction, action: action)
    case .action(let action): append(.action, action: action)
    case .effect(let effect, let action): append(.effect, action: action, effect: effect)
    case .state(_, let state, let effect):
      append(.state, effect: effect, state: state)
    case .news(let news): append(.news, news: news)
    case .postProcessedAction(let action): append(.postProcessedAction, action: action)
    case .actionHandled(let action): append(.actionHandled, action: action)
    case .workStarted(let work): append(.workStarted, action: work.action, work: work.info)
    case .workEnded(let work, let outcome):
      switch outcome {
      case .finished: append(.workFinished, action: work.action, work: work.info)
      case .cancelled: append(.workCancelled, action: work.action, work: work.info)
      case .failed(let error):
        append(.workFailed, action: work.action, work: work.info, error: error)
      }
    case .disposed: append(.disposed)
    }
  }

  /// Reads the clock for a stage that starts processing; the stages it leads to share the time.
  @inlinable @inline(__always)
  func startInput() {
    let ticks = state.pointee.log.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.clock.ticks() }
    state.pointee.timeBits = FeatureEventLogRecord.timeBits(ticks)
  }

  /// Makes the stages written so far readable, with one atomic store.
  @inlinable @inline(__always)
  func publish() {
    let writer = state
    let number = writer.pointee.firstSlotNumber &+ writer.pointee.next
    writer.pointee.published.store(number)
    writer.pointee.firstUnpublished = number
    writer.pointee.limit =
      Swift.min(writer.pointee.roomLimit, number &+ writer.pointee.slack)
      &- writer.pointee.firstSlotNumber
  }

  /// What a stage that reached ``FeatureEventLog/Writer/limit`` does before it is written:
  /// publishes the stages an input held back when they fill the slack, wraps round to the
  /// first slot, drops the oldest published stages when every slot is in the window, grows the
  /// slots when they are full, and sets the next limit.
  @inlinable @inline(never)
  func makeWay() {
    let writer = state
    let slack = writer.pointee.slack
    let slotCount = writer.pointee.slotCount
    let number = writer.pointee.firstSlotNumber &+ writer.pointee.next
    if number &- writer.pointee.firstUnpublished == slack { publish() }
    if writer.pointee.next == slotCount {
      writer.pointee.next = 0
      writer.pointee.firstSlotNumber = number
    }
    if number &- writer.pointee.oldestKept == slotCount {
      writer.pointee.log.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.makeRoom() }
    }
    if writer.pointee.next == writer.pointee.allocated {
      writer.pointee.log.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.grow() }
    }
    // The writer holds back fewer than `slack` stages, so the window's start is past
    // `number - slotCount` once the oldest stages are dropped: each limit is after `number`.
    writer.pointee.roomLimit = Swift.min(
      number &+ (writer.pointee.allocated &- writer.pointee.next),
      writer.pointee.oldestKept &+ slotCount)
    writer.pointee.limit =
      Swift.min(writer.pointee.roomLimit, writer.pointee.firstUnpublished &+ slack)
      &- writer.pointee.firstSlotNumber
  }

  /// Keeps a state in its ring, which has one place more than there are slots: a `state`
  /// stage refers to the state kept just before its own, so that state must be kept until the
  /// stage leaves the window. It is overwritten by the state kept as many states after it as
  /// the ring has places, at a stage at least that many stages after the referring one, which
  /// the writer writes only once the window's start has passed the referring stage.
  @inlinable @inline(__always)
  func keepState(_ state: Definition.State, in slots: Log.Storage) -> Int32 {
    let index = slots.states.put(
      state, at: &self.state.pointee.cursors.states, self.state.pointee.slotCount &+ 1)
    self.state.pointee.lastState = index
    return index
  }

  /// Keeps an action in its ring.
  @inlinable @inline(__always)
  func keep(_ action: Definition.Action, in slots: Log.Storage) -> Int32 {
    state.pointee.currentActionIsNewest = false
    return slots.actions.put(action, at: &state.pointee.cursors.actions, state.pointee.slotCount)
  }

  /// Where the action being handled is: where it was kept, unless other actions were kept
  /// since (PostProcessor actions of its effects); then it is kept again.
  ///
  /// A value is overwritten when its ring has gone round, after as many later stages as there
  /// are slots have kept one of its kind; a stage that refers to it must be at least that far
  /// from the overwriting one, which holds only when no value of the kind was kept between the
  /// value and the stage.
  @inlinable @inline(__always)
  func currentAction(_ action: Definition.Action?, in slots: Log.Storage) -> Int32 {
    guard !state.pointee.currentActionIsNewest, let action else {
      return state.pointee.currentAction
    }
    state.pointee.currentAction = keep(action, in: slots)
    state.pointee.currentActionIsNewest = true
    return state.pointee.currentAction
  }
}
