/// A value behind the engine's lock, for the composition and adapter modules.
///
/// It wraps the engine's one lock box so that `FinitaObservation` and `FinitaCombine` share the
/// same primitive instead of bringing their own. `body` must not call user code.
package final class LockedValue<Value>: Sendable {
  private let box: LockedBox<Value>

  /// Creates the box with its first value.
  package init(_ value: Value) {
    box = LockedBox(value)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try box.withLock(body)
  }
}
