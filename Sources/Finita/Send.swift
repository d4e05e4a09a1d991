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
  @usableFromInline let host: any EffectHost

  @usableFromInline
  init(host: any EffectHost, deliver: @escaping @Sendable (Output) -> Void) {
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
///
/// The feature's core and the origin of the work implement it, so a `Send` carries them as one
/// value instead of closures allocated for every task.
@usableFromInline
protocol EffectHost: Sendable {
  /// Cancels the running work marked with `id`.
  func cancel(_ id: EffectID)

  /// Runs `body` as work marked with `id`, which ``cancel(_:)`` can stop without stopping the
  /// enclosing work.
  func runCancellable(
    id: EffectID,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws
}
