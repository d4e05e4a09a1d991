/// What the owner of a ``StatechartMachine`` must do after a step: publish an output, schedule
/// a delayed event, or cancel one.
///
/// The machine collects commands in ``StatechartMachine/commands`` during a step, in the order the
/// actions ran. The running feature (``StatechartDefinition``) carries them out on its injected
/// clock; a test can carry them out on virtual time.
public struct StatechartCommand: Hashable, Sendable {
  @usableFromInline
  internal enum Storage: Hashable, Sendable {
    case emit(String)
    case schedule(String, after: Duration, id: String?)
    case cancel(String)
  }

  @usableFromInline
  internal let storage: Storage

  @usableFromInline
  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// An output for the chart's observers.
  ///
  /// - Parameter output: The output's name.
  public static func emit(_ output: String) -> Self { Self(.emit(output)) }

  /// Deliver `event` to the machine as an external event once `delay` has passed.
  ///
  /// - Parameters:
  ///   - event: The event's name.
  ///   - delay: How long to wait.
  ///   - id: The send's id, for ``cancel(_:)``; `nil` when it cannot be cancelled.
  public static func schedule(_ event: String, after delay: Duration, id: String?) -> Self {
    Self(.schedule(event, after: delay, id: id))
  }

  /// Cancel the scheduled event with this id, if it has not been delivered.
  ///
  /// - Parameter id: The send's id.
  public static func cancel(_ id: String) -> Self { Self(.cancel(id)) }

  /// The output's name when this is an ``emit(_:)`` command.
  public var output: String? {
    if case .emit(let output) = storage { return output }
    return nil
  }

  /// The event, delay and id when this is a ``schedule(_:after:id:)`` command.
  public var scheduledEvent: (name: String, delay: Duration, id: String?)? {
    if case .schedule(let name, let delay, let id) = storage { return (name, delay, id) }
    return nil
  }

  /// The id when this is a ``cancel(_:)`` command.
  public var cancelledID: String? {
    if case .cancel(let id) = storage { return id }
    return nil
  }
}

extension StatechartCommand: CustomStringConvertible {
  /// The command in words, for logs and test failures.
  public var description: String {
    switch storage {
    case .emit(let output): "emit \(output)"
    case .schedule(let event, let delay, let id):
      "schedule \(event) after \(delay)" + (id.map { " as \($0)" } ?? "")
    case .cancel(let id): "cancel \(id)"
    }
  }
}
