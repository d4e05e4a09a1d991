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
  private let tracks = Locked(Tracks())

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
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    let time = elapsed()
    tracks.withLock { tracks in
      let id = event.feature.id
      let track: Track<Definition>
      if let last = tracks.last, last.info.id == id {
        // The identifier is unique to a feature, so the track's type is this definition's.
        track = unsafeDowncast(last, to: Track<Definition>.self)
      } else if let found = tracks.byID[id] {
        track = unsafeDowncast(found, to: Track<Definition>.self)
        tracks.last = found
      } else {
        track = Track<Definition>(info: event.feature, capacity: capacity)
        tracks.byID[id] = track
        tracks.order.append(track)
        tracks.last = track
      }
      track.record(event, time: time)
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
}

private final class Track<Definition: FeatureDefinition>: AnyTrack {
  var ring: Ring<RecordedStep<Definition>>
  var baseState: Definition.State?
  var nextNumber = 0
  var dropped = 0

  init(info: FeatureInfo, capacity: Int) {
    ring = Ring(capacity: capacity)
    super.init(info: info)
  }

  func record(_ event: FeatureEvent<Definition>, time: Duration) {
    let step = RecordedStep(number: nextNumber, time: time, event: event)
    nextNumber += 1
    if step.stage == .created {
      baseState = step.state
    } else if baseState == nil, let previous = event.previousState {
      // Recorded from the middle of the feature's life (after removeAll).
      baseState = previous
    }
    guard let oldest = ring.append(step) else { return }
    dropped += 1
    if oldest.stage == .state || oldest.stage == .created, let state = oldest.state {
      baseState = state
    }
  }

  func recording() -> Recording<Definition>? {
    let steps = ring.elements
    guard let initial = baseState else { return nil }
    return Recording(
      header: RecordingHeader(
        featureName: info.name, typeName: info.typeName, initialState: initial,
        droppedSteps: dropped),
      steps: steps)
  }
}
