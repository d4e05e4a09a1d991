/// Sends the output of asynchronous work back to its feature.
///
/// An effect's `run` operation receives a `Send` value. Calling it queues the effect; if the
/// feature is idle, the effect is reduced before the call returns. Calls made after the work was
/// cancelled or after the feature was disposed do nothing.
///
/// ```swift
/// .run { send in
///   for await price in prices.updates {
///     send(.priceDidChange(price))
///   }
/// }
/// ```
public struct Send<Output: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (Output) -> Void
  @usableFromInline let host: EffectHost

  @usableFromInline
  init(host: EffectHost, deliver: @escaping @Sendable (Output) -> Void) {
    self.host = host
    self.deliver = deliver
  }

  /// Sends one output to the feature.
  ///
  /// - Parameter output: The effect (or, for a Bootstrapper, the action) to deliver.
  @inlinable
  public func callAsFunction(_ output: Output) {
    guard !Task.isCancelled else { return }
    deliver(output)
  }

  /// A `Send` that transforms each output before delivering it.
  ///
  /// - Parameter transform: Maps an output of the new type to this one's.
  public func map<Input: Sendable>(
    _ transform: @escaping @Sendable (Input) -> Output
  ) -> Send<Input> {
    let deliver = self.deliver
    return Send<Input>(host: host) { deliver(transform($0)) }
  }
}

/// What running effect work needs from its feature besides delivery: cancellation by identifier.
@usableFromInline
struct EffectHost: Sendable {
  @usableFromInline let cancel: @Sendable (EffectID) -> Void
  @usableFromInline let runCancellable:
    @Sendable (
      _ id: EffectID,
      _ cancelInFlight: Bool,
      _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> Void

  @usableFromInline
  init(
    cancel: @escaping @Sendable (EffectID) -> Void,
    runCancellable:
      @escaping @Sendable (
        _ id: EffectID,
        _ cancelInFlight: Bool,
        _ body: @escaping @Sendable () async throws -> Void
      ) async throws -> Void
  ) {
    self.cancel = cancel
    self.runCancellable = runCancellable
  }

  func runCancellable(
    id: EffectID,
    cancelInFlight: Bool,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    try await runCancellable(id, cancelInFlight, body)
  }
}
