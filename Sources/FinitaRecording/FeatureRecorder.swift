import Finita

/// Records every stage of the features it is attached to, in memory, with a monotonic time.
///
/// ```swift
/// let recorder = FeatureRecorder(capacity: 50_000)
/// let feature = Feature(
///   initialState: .init(), definition: CallTracker(),
///   configuration: .init(name: "calls", interceptors: [recorder]))
/// // ... use the app ...
/// let recording = recorder.recording(of: CallTracker.self)!
/// let data = try recording.jsonLines()  // attach to the bug report
/// ```
///
/// Recording stores the typed values as they are: nothing is encoded or described while the
/// feature runs, so the types need `Codable` only to save. Each feature keeps at most
/// ``capacity`` steps; older ones are dropped (and counted), and the state they left becomes the
/// recording's initial state, so that a bounded recording still replays.
///
/// Attach it with `FeatureConfiguration.interceptors` or
/// `FeatureInterceptors.install(_:for:)`; one recorder can record many features.
public final class FeatureRecorder: FeatureInterceptor, Sendable {
  /// The most steps kept per feature.
  public let capacity: Int
  private let elapsed: @Sendable () -> Duration
  private let tracks = LockedValue(Tracks())

  /// Creates a recorder on the continuous clock.
  ///
  /// - Parameter capacity: The most steps kept per feature (at least 1).
  public convenience init(capacity: Int = 10_000) {
    self.init(capacity: capacity, clock: ContinuousClock())
  }

  /// Creates a recorder on a clock of your choice; step times are durations since now on it.
  ///
  /// - Parameters:
  ///   - capacity: The most steps kept per feature (at least 1).
  ///   - clock: The clock that times the steps.
  public init<C: Clock>(capacity: Int = 10_000, clock: C) where C.Duration == Duration {
    precondition(capacity >= 1, "A recorder keeps at least one step; capacity was \(capacity)")
    self.capacity = capacity
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
  }

  /// Records the event.
  ///
  /// The hot path keeps the event's values as they are (`event.values`, copied by the engine)
  /// in the feature's ring, under one lock: no encoding, no description, no allocation once the
  /// ring is full. The clock is read for the stages that start processing (the feature's
  /// creation and start, a wish, a bootstrap action, an effect delivered by asynchronous work,
  /// the work stages, disposal); the stages an input leads to (its action, effects, states,
  /// news) share its time.
  ///
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>)
  {
    let values = event.values
    tracks.withLock { tracks in
      let id = values.feature.id
      let track: Track<Definition>
      // A feature's number is its own, so the track of that number is of its definition: no
      // checked cast, which looked up the track type's metadata at every stage.
      if let last = tracks.last, last.info.id == id {
        track = unsafeDowncast(last, to: Track<Definition>.self)
      } else if let found = tracks.byID[id] {
        track = unsafeDowncast(found, to: Track<Definition>.self)
        tracks.last = found
      } else {
        track = Track<Definition>(info: values.feature, capacity: capacity)
        tracks.byID[id] = track
        tracks.order.append(track)
        tracks.last = track
      }
      track.record(values, clock: elapsed)
    }
  }

  /// The features this recorder has seen, in the order it first saw them.
  public var features: [FeatureInfo] {
    tracks.withLock { $0.order.map(\.info) }
  }

  /// The recording of the most recently seen feature of a definition type (and name, if given).
  ///
  /// - Parameters:
  ///   - type: The definition type.
  ///   - name: The feature's name, or `nil` for any.
  /// - Returns: The recording so far, or `nil` when no such feature was recorded.
  public func recording<Definition: FeatureDefinition>(
    of type: Definition.Type, named name: String? = nil
  ) -> Recording<Definition>? {
    tracks.withLock { tracks in
      for track in tracks.order.reversed()
      where track.info.definitionType == type && (name == nil || track.info.name == name) {
        return unsafeDowncast(track, to: Track<Definition>.self).recording()
      }
      return nil
    }
  }

  /// The recording of one feature.
  ///
  /// - Parameters:
  ///   - feature: A feature from ``features``.
  ///   - type: Its definition type.
  /// - Returns: The recording so far, or `nil` when the feature was not recorded or is of
  ///   another type.
  public func recording<Definition: FeatureDefinition>(
    of feature: FeatureInfo, as type: Definition.Type
  ) -> Recording<Definition>? {
    tracks.withLock { tracks in
      guard let track = tracks.byID[feature.id], track.info.definitionType == type else {
        return nil
      }
      return unsafeDowncast(track, to: Track<Definition>.self).recording()
    }
  }

  /// The state frames of the most recently seen feature that `matches`: its recording's
  /// initial state, then the state after each `state` step, type-erased. For adapters (the
  /// store's time travel) that cannot name the feature's definition type.
  func stateFrames(
    where matches: (FeatureInfo) -> Bool
  ) -> [(step: Int?, state: any Sendable)]? {
    tracks.withLock { tracks in
      for track in tracks.order.reversed() where matches(track.info) {
        return track.stateFrames()
      }
      return nil
    }
  }

  /// Forgets every recorded step; features go on being recorded from their next stage.
  public func removeAll() {
    tracks.withLock { $0 = Tracks() }
  }
}

private struct Tracks {
  var byID: [UInt64: AnyTrack] = [:]
  var order: [AnyTrack] = []
  var last: AnyTrack?
}

private class AnyTrack {
  let info: FeatureInfo
  init(info: FeatureInfo) { self.info = info }

  func stateFrames() -> [(step: Int?, state: any Sendable)]? {
    preconditionFailure("Internal inconsistency: AnyTrack.stateFrames is overridden by Track")
  }
}

private final class Track<Definition: FeatureDefinition>: AnyTrack {
  // The ring is kept as three arrays, each stage's values (copied out of the event by the
  // engine) written in place, so that recording a stage touches as few generic types as
  // possible: this code runs unspecialized, behind the interceptor existential, and each
  // generic type it names costs a runtime metadata lookup.
  let capacity: Int
  var events: [FeatureEventValues<Definition>] = []
  var numbers: [Int] = []
  var times: [Duration] = []
  var head = 0
  var baseState: Definition.State?
  var nextNumber = 0
  var dropped = 0
  var lastTime = Duration.zero
  var insideAction = false

  init(info: FeatureInfo, capacity: Int) {
    self.capacity = capacity
    super.init(info: info)
  }

  func record(_ event: FeatureEventValues<Definition>, clock: () -> Duration) {
    switch event.stage {
    case .action:
      insideAction = true
    case .actionHandled:
      insideAction = false
    case .postProcessedAction, .news:
      break
    case .state:
      if baseState == nil {
        // Recorded from the middle of the feature's life (after removeAll).
        baseState = event.previousState
      }
    case .effect where insideAction:
      break
    case .created:
      baseState = event.state
      lastTime = clock()
    default:
      lastTime = clock()
    }
    let number = nextNumber
    nextNumber += 1
    if events.count < capacity {
      events.append(event)
      numbers.append(number)
      times.append(lastTime)
      return
    }
    let droppedStage = events[head].stage
    if droppedStage == .state || droppedStage == .created, let state = events[head].state {
      // The state a dropped `created` or `state` step left is where the recording now starts.
      baseState = state
    }
    dropped += 1
    events[head] = event
    numbers[head] = number
    times[head] = lastTime
    head = head + 1 == capacity ? 0 : head + 1
  }

  var steps: [RecordedStep<Definition>] {
    let order = Array(head..<events.count) + Array(0..<head)
    return order.map { RecordedStep(number: numbers[$0], time: times[$0], event: events[$0]) }
  }

  override func stateFrames() -> [(step: Int?, state: any Sendable)]? {
    guard let initial = baseState else { return nil }
    var frames: [(step: Int?, state: any Sendable)] = [(nil, initial)]
    for step in steps where step.stage == .state {
      if let state = step.state { frames.append((step.number, state)) }
    }
    return frames
  }

  func recording() -> Recording<Definition>? {
    guard let initial = baseState else { return nil }
    return Recording(
      header: RecordingHeader(
        featureName: info.name, typeName: info.typeName, initialState: initial,
        droppedSteps: dropped),
      steps: steps)
  }
}
