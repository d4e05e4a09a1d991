import Finita

/// Passes an action to the next middleware, or to the reducer after the last one.
///
/// Call it as a function: `next(action)`. Called during the middleware's run, the action goes
/// through the rest of the chain and is reduced before `next` returns. Called later (after a
/// delay, from a task), it is queued behind the store's current work and then goes through the
/// rest of the chain on the store's processing thread.
///
/// The call may come from another thread while the middleware's run is going (a middleware that
/// waits for a worker, say): the action is then reduced on that thread, into the same run. No
/// lock is held while the reducer runs: it works on a copy of the run's state, committed when it
/// returns. One thread at a time reduces into a run, so the reducer runs exactly once for each
/// action: called while another thread is reducing, `next` returns at once, and that thread
/// reduces the action after its own, before the run ends.
public struct MiddlewareNext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let pass: MiddlewarePass<State, Action>
  /// The middleware that receives the action, or the middleware count for the reducer.
  @usableFromInline let index: Int
  /// The pass this `next` was handed to; once that pass has ended, the action is queued.
  @usableFromInline let generation: UInt64

  @usableFromInline
  init(pass: MiddlewarePass<State, Action>, index: Int, generation: UInt64) {
    self.pass = pass
    self.index = index
    self.generation = generation
  }

  /// Passes `action` on.
  ///
  /// - Parameter action: The action, as dispatched or transformed.
  @inlinable
  public func callAsFunction(_ action: Action) {
    pass.forward(action, to: index, in: generation)
  }
}
