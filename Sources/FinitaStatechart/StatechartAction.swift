/// Something a statechart does when it enters or exits a state or takes a transition.
///
/// Actions are values, so a chart stays pure: the machine runs `raise` itself and hands the rest
/// to its owner as ``StatechartCommand`` values (outputs to publish, delayed events to schedule on
/// a clock, scheduled events to cancel).
///
/// ```swift
/// State("buffering") {
///   OnEntry(.emit("spinnerShown"), .send("timeout", after: .seconds(5), id: "bufferTimer"))
///   OnExit(.cancel("bufferTimer"))
/// }
/// ```
public struct StatechartAction: Hashable, Sendable {
  @usableFromInline
  internal enum Storage: Hashable, Sendable {
    case raise(String)
    case send(String, delay: Duration, id: String?)
    case cancel(String)
    case emit(String)
  }

  @usableFromInline
  internal let storage: Storage

  @usableFromInline
  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// Puts `event` on the internal queue: it is handled in the same macrostep, before any
  /// external event (SCXML `<raise>`).
  ///
  /// - Parameter event: The event's name.
  public static func raise(_ event: String) -> Self { Self(.raise(event)) }

  /// Sends `event` to the chart itself as an external event (SCXML `<send>`).
  ///
  /// Without a delay the event is handled right after the current macrostep, before events that
  /// arrive later. With a delay the owner schedules it on its clock (see
  /// ``StatechartCommand/schedule(_:after:id:)``).
  ///
  /// - Parameters:
  ///   - event: The event's name.
  ///   - delay: How long to wait before the event is delivered.
  ///   - id: A name that ``cancel(_:)`` can use to cancel the delivery.
  public static func send(_ event: String, after delay: Duration = .zero, id: String? = nil) -> Self
  {
    Self(.send(event, delay: delay, id: id))
  }

  /// Cancels a delayed ``send(_:after:id:)`` that has not been delivered yet (SCXML `<cancel>`).
  ///
  /// - Parameter id: The id given to the send.
  public static func cancel(_ id: String) -> Self { Self(.cancel(id)) }

  /// Publishes an output to the chart's observers.
  ///
  /// - Parameter output: The output's name.
  public static func emit(_ output: String) -> Self { Self(.emit(output)) }
}

extension StatechartAction: CustomStringConvertible {
  /// The action as it reads in diagrams: `raise x`, `send x after 10 ms`, `cancel t`, `emit x`.
  public var description: String {
    switch storage {
    case .raise(let event): "raise \(event)"
    case .send(let event, let delay, let id):
      delay == .zero
        ? "send \(event)" : "send \(event) after \(delay)" + (id.map { " as \($0)" } ?? "")
    case .cancel(let id): "cancel \(id)"
    case .emit(let output): "emit \(output)"
    }
  }
}
