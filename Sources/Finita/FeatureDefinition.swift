/// The parts of an MVI feature: what it accepts, how it acts, how its state changes, and what it
/// tells others.
///
/// A definition is a value (usually a `struct`) holding the services its Actor needs. It has no
/// state of its own: the running ``Feature`` owns the state and calls these functions in order.
///
/// ```
/// Wish --wishToAction--> Action --act(state, action)--> Effects<Effect>
/// Effect --reduce(&state, effect)--> State --> state observers
/// (action, effect, state) --publishNews--> News? --> news observers
/// (action, effect, state) --postProcess--> Action? --> queued, back to act
/// bootstrap() --> Actions (at start, and over time)
/// ```
///
/// Only ``reduce(_:_:)`` is always required. The other parts have defaults:
///
/// | part | default |
/// |---|---|
/// | ``Action`` | the same type as ``Wish``, with ``wishToAction(_:)`` passing it through |
/// | ``act(_:_:)`` | when ``Effect`` is ``Action``: each action is its own effect |
/// | ``News`` | `Never`, with ``publishNews(_:_:_:)`` returning `nil` |
/// | ``postProcess(_:_:_:)`` | `nil`: no follow-up action |
/// | ``bootstrap()`` | ``Effects/none`` |
/// | ``effect(for:from:)`` | `nil`: errors go to the feature's unhandled-error reporter |
///
/// For a reducer-only feature, conform to ``ReducerOnlyDefinition`` instead and write only
/// `Wish` and ``reduce(_:_:)`` (it explains why plain `FeatureDefinition` needs
/// `typealias Action = Wish` there); ``ReducerDefinition`` does the same with a closure.
///
/// ```swift
/// struct Counter: FeatureDefinition {
///   struct State: Equatable { var count = 0 }
///   enum Wish { case increment, incrementLater }
///   enum Effect { case incremented }
///   enum News { case reachedTen }
///   let clock: any Clock<Duration>
///
///   func act(_ state: State, _ action: Wish) -> Effects<Effect> {
///     switch action {
///     case .increment: .just(.incremented)
///     case .incrementLater: .delayed(.incremented, by: .seconds(1), clock: clock)
///     }
///   }
///
///   func reduce(_ state: inout State, _ effect: Effect) {
///     state.count += 1
///   }
///
///   func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
///     state.count == 10 ? .reachedTen : nil
///   }
/// }
/// ```
public protocol FeatureDefinition<Wish, State>: Sendable {
  /// What users of the feature ask for: its public input.
  associatedtype Wish: Sendable
  /// What the Actor handles: wishes mapped by ``wishToAction(_:)``, actions from the
  /// Bootstrapper and from the PostProcessor.
  associatedtype Action: Sendable = Wish
  /// What was done: the Reducer's input.
  associatedtype Effect: Sendable
  /// The feature's state. Owned by the running ``Feature`` and never written from outside.
  associatedtype State: Sendable
  /// Signals for the outside world that are not stored in state: "call ended", "open the resume".
  associatedtype News: Sendable = Never
  /// Maps a public wish to the action the Actor handles.
  ///
  /// - Parameter wish: The wish accepted by the feature.
  /// - Returns: The action for the Actor.
  func wishToAction(_ wish: Wish) -> Action

  /// The Actor: decides which effects an action produces, given the latest state.
  ///
  /// The Actor may call services held by the definition and may return asynchronous work. It
  /// does not know the next state; it always receives the state current when it runs.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The action to handle.
  /// - Returns: Zero, one or many effects, synchronous or asynchronous.
  func act(_ state: State, _ action: Action) -> Effects<Effect>

  /// The Reducer: applies one effect to the state. Pure and synchronous.
  ///
  /// - Parameters:
  ///   - state: The state to change in place.
  ///   - effect: What was done.
  func reduce(_ state: inout State, _ effect: Effect)

  /// The NewsPublisher: decides whether an effect, now reduced, is news for the outside world.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: The news to publish, or `nil`.
  func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News?

  /// The PostProcessor: decides whether an effect, now reduced, calls for another action.
  ///
  /// The returned action is queued and handled after the current one, so news of the current
  /// action always precedes news of the follow-up.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: The follow-up action, or `nil`.
  func postProcess(_ action: Action, _ effect: Effect, _ state: State) -> Action?

  /// The Bootstrapper: actions to handle when the feature starts, and long-lived subscriptions to
  /// outside sources ("user logged out") that send actions over time.
  ///
  /// Synchronous actions are handled at start, before any wish; asynchronous work runs until the
  /// feature is disposed.
  ///
  /// - Returns: The actions, as ``Effects`` whose elements are actions.
  func bootstrap() -> Effects<Action>

  /// Turns an error thrown by asynchronous effect work into an effect.
  ///
  /// Called when a `run` effect without its own `catch` handler throws (cancellation is not an
  /// error). Return `nil` to leave the error to the feature's unhandled-error reporter.
  ///
  /// - Parameters:
  ///   - error: The error thrown.
  ///   - action: The action whose effect threw.
  /// - Returns: An effect to reduce, or `nil`.
  func effect(for error: any Error, from action: Action) -> Effect?
}

extension FeatureDefinition where Action == Wish {
  /// Passes the wish through: the Actor handles wishes directly.
  ///
  /// - Parameter wish: The wish accepted by the feature.
  /// - Returns: The same value.
  @inlinable
  public func wishToAction(_ wish: Wish) -> Action { wish }
}

extension FeatureDefinition where Effect == Action {
  /// Passes each action through as its own effect: the reducer-only form of a feature.
  ///
  /// - Parameters:
  ///   - state: The current state (unused).
  ///   - action: The action, which is also the effect.
  /// - Returns: The action as one synchronous effect.
  @inlinable
  public func act(_ state: State, _ action: Action) -> Effects<Effect> { .just(action) }
}

extension FeatureDefinition {
  /// Publishes no news.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: `nil`.
  @inlinable
  public func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News? { nil }

  /// Requests no follow-up action.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: `nil`.
  @inlinable
  public func postProcess(_ action: Action, _ effect: Effect, _ state: State) -> Action? { nil }

  /// Starts with no actions and no subscriptions.
  ///
  /// - Returns: ``Effects/none``.
  @inlinable
  public func bootstrap() -> Effects<Action> { .none }

  /// Leaves every error to the feature's unhandled-error reporter.
  ///
  /// - Parameters:
  ///   - error: The error thrown.
  ///   - action: The action whose effect threw.
  /// - Returns: `nil`.
  @inlinable
  public func effect(for error: any Error, from action: Action) -> Effect? { nil }
}
