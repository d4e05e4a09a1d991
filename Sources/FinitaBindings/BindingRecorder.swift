import Finita

/// Records the events of the bindings it is given to, and plays a binding's inputs back into a
/// sink: MVICore's recording and playback middlewares for a `Binder` connection.
///
/// ```swift
/// let recorder = BindingRecorder()
/// binder.bind(.news(of: search), to: .wishes(of: resume), named: "open resume",
///             interceptors: [recorder]) { … }
/// // … later, against a fresh feature:
/// recorder.play("open resume", into: .wishes(of: freshResume))
/// ```
///
/// Safe from any thread; events of one binding are kept in the order they happened.
public final class BindingRecorder: BindingInterceptor {
  /// One recorded event, its values kept as they were.
  public struct Entry: Sendable, CustomStringConvertible {
    /// The binding's name.
    public let binding: String
    /// The stage.
    public let stage: BindingStage
    /// The source's value, for ``BindingStage/delivered`` and ``BindingStage/dropped``.
    public let output: (any Sendable)?
    /// The value the sink received, for ``BindingStage/delivered``.
    public let input: (any Sendable)?
    /// The event as one line, as ``BindingEvent/description`` wrote it.
    public let description: String
  }

  private let box = LockedValue<[Entry]>([])

  /// Creates an empty recorder.
  public init() {}

  /// Every event recorded, in order.
  public var entries: [Entry] {
    box.withLock { $0 }
  }

  /// Records the event.
  ///
  /// - Parameter event: The event.
  public func intercept<Output: Sendable, Input: Sendable>(_ event: BindingEvent<Output, Input>) {
    let entry = Entry(
      binding: event.binding, stage: event.stage, output: event.output, input: event.input,
      description: event.description)
    box.withLock { $0.append(entry) }
  }

  /// The inputs `binding` delivered, in order.
  ///
  /// - Parameters:
  ///   - binding: The binding's name.
  ///   - type: The sink's input type.
  /// - Returns: The inputs of that type the binding delivered.
  public func inputs<Input: Sendable>(
    of binding: String, as type: Input.Type = Input.self
  ) -> [Input] {
    entries.compactMap { entry in
      guard entry.binding == binding, entry.stage == .delivered else { return nil }
      return entry.input as? Input
    }
  }

  /// Sends the inputs `binding` delivered to `sink` again, in order: a playback.
  ///
  /// - Parameters:
  ///   - binding: The binding's name.
  ///   - sink: Where to send them, such as `.wishes(of: freshFeature)`.
  /// - Returns: How many inputs were sent.
  @discardableResult
  public func play<Input: Sendable>(_ binding: String, into sink: BindingSink<Input>) -> Int {
    let inputs = inputs(of: binding, as: Input.self)
    for input in inputs { sink(input) }
    return inputs.count
  }

  /// Forgets every recorded event.
  public func removeAll() {
    box.withLock { $0 = [] }
  }
}
