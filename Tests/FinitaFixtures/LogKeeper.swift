import Finita
import FinitaEventLog

/// An interceptor that keeps a log of each feature it is attached to and keeps the logs of
/// features of `Definition`, for tests that read a log directly.
package final class LogKeeper<Definition: FeatureDefinition>: FeatureInterceptor {
  /// The most stages each log keeps.
  package let capacity: Int
  private let interceptor: FeatureEventLogs
  private let kept: Kept

  /// The logs of `Definition` the keeper received.
  private final class Kept: FeatureEventLogReceiver {
    let logs = LockedValue<[FeatureEventLog<Definition>]>([])

    func receive<Other: FeatureDefinition>(_ log: FeatureEventLog<Other>) {
      if let log = log as? FeatureEventLog<Definition> { logs.withLock { $0.append(log) } }
    }
  }

  /// A keeper of logs of `capacity` stages.
  package init(capacity: Int) {
    self.capacity = capacity
    let kept = Kept()
    self.kept = kept
    interceptor = FeatureEventLogs(capacity: capacity, receiver: kept)
  }

  package func intercept<Other: FeatureDefinition>(_ event: FeatureEvent<Other>) {
    interceptor.intercept(event)
  }

  /// The first log kept.
  package var log: FeatureEventLog<Definition>? { kept.logs.withLock { $0.first } }

  /// Every log kept, in the order the features were created.
  package var logs: [FeatureEventLog<Definition>] { kept.logs.withLock { $0 } }

  /// Lets the logs kept go.
  package func forget() {
    kept.logs.withLock { $0.removeAll() }
  }
}
