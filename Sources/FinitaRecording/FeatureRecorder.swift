import Finita
import FinitaEventLog

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
///
/// The recordings of features that ended (disposed, or released) stay, so that a bug report
/// can include the screen the user just closed; but only the ``endedLimit`` newest of them. An
/// app that makes a feature per screen would otherwise keep a log for every screen it ever
/// showed. The recorder looks for ended features when a new one is attached, once the features
/// it keeps have doubled since it last looked, and lets the earliest seen of the ended ones go;
/// so it keeps the recordings of at most `2 * (live features + endedLimit) + 1` features at
/// any time, each of at most ``capacity`` steps.
public final class FeatureRecorder: FeatureInterceptor, Sendable {
  /// The most steps kept per feature.
  public let capacity: Int
  /// The most recordings of ended features kept, the newest; see the type's description.
  public let endedLimit: Int
  /// Keeps a log of each feature and hands it to `keeper`.
  private let logs: FeatureEventLogs
  private let keeper: TrackKeeper
  private var tracks: LockedValue<Tracks> { keeper.tracks }

  /// Creates a recorder on the continuous clock.
  ///
  /// - Parameters:
  ///   - capacity: The most steps kept per feature (at least 1).
  ///   - endedLimit: The most recordings of ended features kept (at least 0).
  public convenience init(capacity: Int = 10_000, endedLimit: Int = 16) {
    self.init(capacity: capacity, endedLimit: endedLimit, clock: ContinuousClock())
  }

  /// Creates a recorder on a clock of your choice; step times are durations since now on it.
  ///
  /// - Parameters:
  ///   - capacity: The most steps kept per feature (at least 1).
  ///   - endedLimit: The most recordings of ended features kept (at least 0).
  ///   - clock: The clock that times the steps.
  public init<C: Clock>(capacity: Int = 10_000, endedLimit: Int = 16, clock: C)
  where C.Duration == Duration {
    precondition(capacity >= 1, "A recorder keeps at least one step; capacity was \(capacity)")
    precondition(
      endedLimit >= 0, "A recorder keeps 0 or more ended features; endedLimit was \(endedLimit)")
    self.capacity = capacity
    self.endedLimit = endedLimit
    keeper = TrackKeeper(endedLimit: endedLimit)
    logs = FeatureEventLogs(capacity: capacity, clock: clock, receiver: keeper)
  }

  /// Keeps the stage in its feature's log: the typed values as they are, with no encoding
  /// and no description. The clock is read for the stages that start processing (the
  /// feature's creation and start, a wish, a bootstrap action, an effect delivered by
  /// asynchronous work, the work stages, disposal); the stages an input leads to (its action,
  /// effects, states, news) share its time.
  ///
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    logs.intercept(event)
  }

  /// The features this recorder has seen, in the order it first saw them, without those whose
  /// recordings it let go after they ended (see ``endedLimit``).
  public var features: [FeatureInfo] {
    tracks.withLock { $0.order.map(\.info) }
  }

  /// The recording of the most recently seen feature of a definition type (and name, if given).
  ///
  /// A feature whose definition has the recorder compiled in
  /// (`Tracker().intercepted(by: recorder)`) is of the wrapping type: ask for
  /// `InterceptedDefinition<Tracker, FeatureRecorder>.self`.
  ///
  /// - Parameters:
  ///   - type: The definition type.
  ///   - name: The feature's name, or `nil` for any.
  /// - Returns: The recording so far, or `nil` when no such feature was recorded (or its
  ///   feature ended and its recording was let go; see ``endedLimit``).
  public func recording<Definition: FeatureDefinition>(
    of type: Definition.Type, named name: String? = nil
  ) -> Recording<Definition>? {
    tracks.withLock { tracks in
      // Told by the log's own type: a wrapped definition's log is of the wrapper, while its
      // description names the definition it wraps.
      for track in tracks.order.reversed() where name == nil || track.info.name == name {
        if let track = track as? Track<Definition> { return track.recording() }
      }
      return nil
    }
  }

  /// The recording of one feature.
  ///
  /// - Parameters:
  ///   - feature: A feature from ``features``.
  ///   - type: Its definition type.
  /// - Returns: The recording so far, or `nil` when the feature was not recorded, is of
  ///   another type, or ended and its recording was let go (see ``endedLimit``).
  public func recording<Definition: FeatureDefinition>(
    of feature: FeatureInfo, as type: Definition.Type
  ) -> Recording<Definition>? {
    tracks.withLock { tracks in
      (tracks.byID[feature.id] as? Track<Definition>)?.recording()
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

  /// How many times the recorder asked a feature whether it has ended, in all.
  var endedChecks: Int {
    tracks.withLock { $0.endedChecks }
  }

  /// Forgets every recorded step; features go on being recorded from their next stage, whose
  /// number counts on from the steps forgotten.
  public func removeAll() {
    for track in tracks.withLock({ $0.order }) { track.removeAll() }
  }
}

/// Keeps the tracks of the features the recorder saw, from the logs its interceptor starts.
private final class TrackKeeper: FeatureEventLogReceiver {
  let endedLimit: Int
  let tracks = LockedValue(Tracks())

  init(endedLimit: Int) {
    self.endedLimit = endedLimit
  }

  func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
    let track = Track(log: log)
    // The tracks let go are returned, so that their logs (and the values in them) are freed
    // after the lock, not under it.
    _ = tracks.withLock { tracks -> [AnyTrack] in
      tracks.byID[log.feature.id] = track
      tracks.order.append(track)
      guard tracks.order.count >= tracks.nextLook else { return [] }
      return tracks.letEndedGo(keeping: endedLimit)
    }
  }
}

private struct Tracks {
  var byID: [UInt64: AnyTrack] = [:]
  /// The features in the order they were first seen.
  var order: [AnyTrack] = []
  /// How many features there are when the recorder next looks for ended ones.
  var nextLook = 1
  /// How many times a feature was asked whether it has ended, in all: for the test that looking
  /// costs a constant per feature attached.
  var endedChecks = 0

  /// Lets the earliest seen ended features go, all but the newest `limit`, and sets when to
  /// look next: once the features kept have doubled, so that looking costs a constant per
  /// feature attached however many live. Returns the tracks let go.
  mutating func letEndedGo(keeping limit: Int) -> [AnyTrack] {
    let ended = order.map(\.hasEnded)
    endedChecks += order.count
    var excess = ended.count { $0 } - limit
    var kept: [AnyTrack] = []
    var letGo: [AnyTrack] = []
    for (track, hasEnded) in zip(order, ended) {
      if hasEnded && excess > 0 {
        letGo.append(track)
        excess -= 1
        if byID[track.info.id] === track { byID[track.info.id] = nil }
      } else {
        kept.append(track)
      }
    }
    order = kept
    nextLook = Swift.max(2 * order.count, order.count + limit + 1)
    return letGo
  }
}

/// One feature's log, behind a type the recorder can keep in one list with other definitions'.
private class AnyTrack: @unchecked Sendable {
  // Safe to send: immutable; its subclass holds a Sendable log.
  let info: FeatureInfo
  init(info: FeatureInfo) { self.info = info }

  /// Whether the feature has ended (its log's `disposed` stage is published).
  var hasEnded: Bool {
    preconditionFailure("Internal inconsistency: AnyTrack.hasEnded is overridden by Track")
  }

  func stateFrames() -> [(step: Int?, state: any Sendable)]? {
    preconditionFailure("Internal inconsistency: AnyTrack.stateFrames is overridden by Track")
  }

  func removeAll() {
    preconditionFailure("Internal inconsistency: AnyTrack.removeAll is overridden by Track")
  }
}

private final class Track<Definition: FeatureDefinition>: AnyTrack, @unchecked Sendable {
  let log: FeatureEventLog<Definition>

  init(log: FeatureEventLog<Definition>) {
    self.log = log
    super.init(info: log.feature)
  }

  override func removeAll() {
    log.removeAll()
  }

  override var hasEnded: Bool {
    log.hasEnded
  }

  override func stateFrames() -> [(step: Int?, state: any Sendable)]? {
    let contents = log.read()
    guard let initial = contents.initialState else { return nil }
    var frames: [(step: Int?, state: any Sendable)] = [(nil, initial)]
    for entry in contents.entries where entry.values.stage == .state {
      if let state = entry.values.state { frames.append((entry.number, state)) }
    }
    return frames
  }

  func recording() -> Recording<Definition>? {
    let contents = log.read()
    guard let initial = contents.initialState else { return nil }
    return Recording(
      header: RecordingHeader(
        featureName: info.name, typeName: info.typeName, initialState: initial,
        droppedSteps: contents.droppedCount),
      steps: contents.entries.map {
        RecordedStep(number: $0.number, time: $0.time, event: $0.values)
      })
  }
}
