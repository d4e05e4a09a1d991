/// A definition that carries an interceptor for its feature: the same parts as `Base`, and
/// `Interceptor` called at every stage, before the configuration's and the installed ones.
///
/// Made by ``FeatureDefinition/intercepted(by:)``:
///
/// ```swift
/// let feature = Feature(
///   initialState: .init(),
///   definition: Paginator(api: api).intercepted(by: WishCounter(counts: counts)))
/// ```
///
/// The feature attaches the interceptor first, before the configuration's and the installed
/// ones, exactly as it attaches those: wrapping is how a definition carries its own interceptor.
///
/// The price is the type: the feature is a `Feature<InterceptedDefinition<Paginator, WishCounter>>`,
/// not a `Feature<Paginator>`, and its events, logs and recordings are generic over the wrapper
/// (with the same wish, action, effect, state and news types). The feature's description
/// (``FeatureEvent/feature``) names the base definition's type in
/// ``FeatureInfo/definitionType``, so ``FeatureFilter/type(_:)`` selects it by
/// `Paginator.self`. Wrapping a wrapped definition attaches both interceptors, the inner one
/// first.
public struct InterceptedDefinition<
  Base: FeatureDefinition, Interceptor: FeatureInterceptor
>: FeatureDefinition {
  /// The base definition's wish.
  public typealias Wish = Base.Wish
  /// The base definition's action.
  public typealias Action = Base.Action
  /// The base definition's effect.
  public typealias Effect = Base.Effect
  /// The base definition's state.
  public typealias State = Base.State
  /// The base definition's news.
  public typealias News = Base.News

  /// The definition whose parts the feature runs.
  public let base: Base
  /// The interceptor the feature attaches first.
  public let interceptor: Interceptor

  /// Wraps `base` with `interceptor`; ``FeatureDefinition/intercepted(by:)`` reads better.
  ///
  /// - Parameters:
  ///   - base: The definition.
  ///   - interceptor: The interceptor.
  @inlinable
  public init(_ base: Base, interceptor: Interceptor) {
    self.base = base
    self.interceptor = interceptor
  }

  /// The base definition's ``FeatureDefinition/wishToAction(_:)``.
  ///
  /// - Parameter wish: The wish.
  /// - Returns: Its action.
  @inlinable
  public func wishToAction(_ wish: Wish) -> Action { base.wishToAction(wish) }

  /// The base definition's Actor.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The action.
  /// - Returns: Its effects.
  @inlinable
  public func act(_ state: State, _ action: Action) -> Effects<Effect> { base.act(state, action) }

  /// The base definition's Reducer.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The effect.
  @inlinable
  public func reduce(_ state: inout State, _ effect: Effect) { base.reduce(&state, effect) }

  /// The base definition's NewsPublisher.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: The news, if any.
  @inlinable
  public func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News? {
    base.publishNews(action, effect, state)
  }

  /// The base definition's PostProcessor.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after the effect.
  /// - Returns: The follow-up action, if any.
  @inlinable
  public func postProcess(_ action: Action, _ effect: Effect, _ state: State) -> Action? {
    base.postProcess(action, effect, state)
  }

  /// The base definition's Bootstrapper.
  ///
  /// - Returns: Its actions.
  @inlinable
  public func bootstrap() -> Effects<Action> { base.bootstrap() }

  /// The base definition's error handler.
  ///
  /// - Parameters:
  ///   - error: The error thrown.
  ///   - action: The action whose effect threw.
  /// - Returns: The effect, if any.
  @inlinable
  public func effect(for error: any Error, from action: Action) -> Effect? {
    base.effect(for: error, from: action)
  }
}

extension InterceptedDefinition: ReportingDefinition where Base: ReportingDefinition {
  /// The same interceptor around the base definition told `configuration`.
  package func reporting(to configuration: FeatureConfiguration) -> Self {
    Self(base.reporting(to: configuration), interceptor: interceptor)
  }
}

extension InterceptedDefinition: WrappingDefinition {
  @usableFromInline static var baseDefinitionType: any FeatureDefinition.Type {
    (Base.self as? any WrappingDefinition.Type)?.baseDefinitionType ?? Base.self
  }

  @usableFromInline var interceptors: [any FeatureInterceptor] {
    ((base as? any WrappingDefinition)?.interceptors ?? []) + [interceptor]
  }
}

/// A definition that runs another's parts with interceptors of its own, and reports that one's
/// type in ``FeatureInfo``.
@usableFromInline
protocol WrappingDefinition {
  /// The wrapped definition's type.
  static var baseDefinitionType: any FeatureDefinition.Type { get }
  /// The interceptors the feature attaches before any other, innermost first.
  var interceptors: [any FeatureInterceptor] { get }
}

extension FeatureDefinition {
  /// This definition with `interceptor` attached to its feature: called at every stage, before
  /// any interceptor of the configuration or installed.
  ///
  /// ```swift
  /// Feature(initialState: .init(), definition: Counter().intercepted(by: StageCounter()))
  /// ```
  ///
  /// - Parameter interceptor: The interceptor.
  /// - Returns: The wrapped definition; see ``InterceptedDefinition``.
  @inlinable
  public func intercepted<Interceptor: FeatureInterceptor>(
    by interceptor: Interceptor
  ) -> InterceptedDefinition<Self, Interceptor> {
    InterceptedDefinition(self, interceptor: interceptor)
  }
}

/// An interceptor that does nothing: a placeholder where one is required.
public struct NoInterceptor: FeatureInterceptor {
  /// Creates the interceptor.
  @inlinable
  public init() {}

  /// Does nothing.
  ///
  /// - Parameter event: The event.
  @inlinable
  public func intercept<Definition: FeatureDefinition>(
    _ event: FeatureEvent<Definition>
  ) {}
}
