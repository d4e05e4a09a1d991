import Finita
import Testing

/// An interceptor that asks the engine for a log of each feature it is attached to and keeps
/// the logs of features of `Definition`, for tests that read a log directly. A call for a
/// stage is an issue: an interceptor that asked for a log is not called for each stage.
package final class LogKeeper<Definition: FeatureDefinition>: FeatureInterceptor {
  /// The most stages each log keeps.
  package let capacity: Int
  private let logs = LockedValue<[FeatureEventLog<Definition>]>([])

  /// A keeper of logs of `capacity` stages.
  package init(capacity: Int) {
    self.capacity = capacity
  }

  package var delivery: FeatureInterceptorDelivery { .log(capacity: capacity) }

  package func attach<Other: FeatureDefinition>(_ log: FeatureEventLog<Other>) {
    if let log = log as? FeatureEventLog<Definition> { logs.withLock { $0.append(log) } }
  }

  package func intercept<Other: FeatureDefinition>(_ event: borrowing FeatureEvent<Other>) {
    Issue.record("an interceptor that asked for a log is not called for each stage")
  }

  /// The first log kept.
  package var log: FeatureEventLog<Definition>? { logs.withLock { $0.first } }

  /// Lets the logs kept go.
  package func forget() {
    logs.withLock { $0.removeAll() }
  }
}
