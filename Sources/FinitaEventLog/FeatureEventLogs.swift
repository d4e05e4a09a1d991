import Finita

/// Told of each log a ``FeatureEventLogs`` starts, once per feature, when the feature is
/// created.
public protocol FeatureEventLogReceiver: Sendable {
  /// Keeps the log of a feature: a recorder keeps it to read later.
  ///
  /// Called on the feature's processing thread, during its `created` stage.
  ///
  /// - Parameter log: The feature's log; its ``FeatureEventLog/feature`` says which feature.
  func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>)
}

/// An interceptor that keeps a bounded ``FeatureEventLog`` of each feature it is attached to and
/// hands each new log to its receiver.
///
/// ```swift
/// struct LastStages: FeatureEventLogReceiver {
///   let logs: Logs  // your thread-safe list
///   func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
///     logs.append(log)
///   }
/// }
/// FeatureInterceptors.install(FeatureEventLogs(capacity: 1_000, receiver: LastStages(logs: logs)))
/// ```
///
/// The logs of one interceptor share its start, so the times of different features' stages
/// compare. A log is created at its feature's `created` stage, so attach the interceptor when
/// the feature is created (in its configuration, or installed before).
public final class FeatureEventLogs: FeatureInterceptor {
  /// The most stages each log keeps.
  public let capacity: Int
  private let receiver: any FeatureEventLogReceiver
  private let elapsed: @Sendable () -> Duration
  /// The logs of the features not ended yet, by feature number.
  private let open = LockedValue<[UInt64: AnyObject]>([:])

  /// Keeps logs of `capacity` stages timed by `clock`: each stage's time is the duration since
  /// this call, on it.
  ///
  /// - Parameters:
  ///   - capacity: The most stages each log keeps (at least 1); older ones are dropped and
  ///     counted.
  ///   - clock: The clock that times the stages.
  ///   - receiver: Told of each new log.
  public init<C: Clock>(
    capacity: Int, clock: C = ContinuousClock(), receiver: some FeatureEventLogReceiver
  ) where C.Duration == Duration {
    self.capacity = Swift.max(1, capacity)
    self.receiver = receiver
    // The continuous clock is read directly, not through generic code over `C`.
    if clock is ContinuousClock {
      let continuous = ContinuousClock()
      let start = continuous.now
      elapsed = { start.duration(to: continuous.now) }
    } else {
      let start = clock.now
      elapsed = { start.duration(to: clock.now) }
    }
  }

  /// Keeps the stage in its feature's log; starts the log at `created`.
  ///
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    let id = event.feature.id
    let log: FeatureEventLog<Definition>
    if event.stage == .created {
      log = FeatureEventLog(feature: event.feature, capacity: capacity, elapsed: elapsed)
      open.withLock { $0[id] = log }
      receiver.receive(log)
    } else {
      guard let kept = open.withLock({ $0[id] }) else { return }
      // A feature's number is its own, and its log was made for its definition.
      log = unsafeDowncast(kept, to: FeatureEventLog<Definition>.self)
    }
    log.append(event)
    if event.stage == .disposed { _ = open.withLock { $0.removeValue(forKey: id) } }
  }
}
