/// A reducer-only feature: each wish is its own effect, reduced straight into the state.
///
/// ```swift
/// let counter = Feature(initialState: 0) { (count: inout Int, wish: Int) in
///   count += wish
/// }
/// counter.accept(2)  // counter.state == 2
/// ```
public struct ReducerDefinition<State: Sendable, Wish: Sendable>: FeatureDefinition {
  /// The Actor handles wishes directly.
  public typealias Action = Wish
  /// Each wish is reduced as it is.
  public typealias Effect = Wish
  /// A reducer-only feature publishes no news.
  public typealias News = Never

  let reducer: @Sendable (inout State, Wish) -> Void

  /// Creates the definition from a reducer.
  ///
  /// - Parameter reducer: Applies a wish to the state.
  public init(reducer: @escaping @Sendable (inout State, Wish) -> Void) {
    self.reducer = reducer
  }

  /// Applies the wish with the reducer given at creation.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The wish, used as the effect.
  public func reduce(_ state: inout State, _ effect: Wish) {
    reducer(&state, effect)
  }
}

/// An actor+reducer feature built from closures: the wish is the action, and news is optional.
///
/// ```swift
/// let search = Feature(
///   initialState: SearchState(),
///   actor: { state, wish in .run { send in send(.found(try await api.search(wish.query))) } },
///   reducer: { state, effect in state.results = effect.results }
/// )
/// ```
public struct ActorReducerDefinition<
  State: Sendable, Wish: Sendable, Effect: Sendable, News: Sendable
>: FeatureDefinition {
  let actor: @Sendable (State, Wish) -> Effects<Effect>
  let reducer: @Sendable (inout State, Effect) -> Void
  let newsPublisher: @Sendable (Wish, Effect, State) -> News?

  /// Creates the definition from an Actor, a Reducer and a NewsPublisher.
  ///
  /// - Parameters:
  ///   - actor: Turns a wish into effects, given the current state.
  ///   - reducer: Applies an effect to the state.
  ///   - newsPublisher: Decides which reduced effects are news.
  public init(
    actor: @escaping @Sendable (State, Wish) -> Effects<Effect>,
    reducer: @escaping @Sendable (inout State, Effect) -> Void,
    newsPublisher: @escaping @Sendable (Wish, Effect, State) -> News?
  ) {
    self.actor = actor
    self.reducer = reducer
    self.newsPublisher = newsPublisher
  }

  /// Runs the Actor given at creation.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The wish.
  /// - Returns: The Actor's effects.
  public func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    actor(state, action)
  }

  /// Runs the Reducer given at creation.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The effect to apply.
  public func reduce(_ state: inout State, _ effect: Effect) {
    reducer(&state, effect)
  }

  /// Runs the NewsPublisher given at creation.
  ///
  /// - Parameters:
  ///   - action: The wish that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after it.
  /// - Returns: The news, or `nil`.
  public func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    newsPublisher(action, effect, state)
  }
}

extension ActorReducerDefinition where News == Never {
  /// Creates the definition from an Actor and a Reducer, with no news.
  ///
  /// - Parameters:
  ///   - actor: Turns a wish into effects, given the current state.
  ///   - reducer: Applies an effect to the state.
  public init(
    actor: @escaping @Sendable (State, Wish) -> Effects<Effect>,
    reducer: @escaping @Sendable (inout State, Effect) -> Void
  ) {
    self.init(actor: actor, reducer: reducer, newsPublisher: { _, _, _ in nil })
  }
}

/// A memo feature: its state is whatever value was last sent.
///
/// ```swift
/// let selection = Feature(memo: Tab.home)
/// selection.accept(.profile)  // selection.state == .profile
/// ```
public struct MemoDefinition<State: Sendable>: FeatureDefinition {
  /// A wish is the new state.
  public typealias Wish = State
  /// The Actor handles wishes directly.
  public typealias Action = State
  /// A memo feature publishes no news.
  public typealias News = Never
  /// The effect is the new state.
  public typealias Effect = State

  /// Creates the definition.
  public init() {}

  /// Replaces the state.
  ///
  /// - Parameters:
  ///   - state: The state to replace.
  ///   - effect: The new state.
  public func reduce(_ state: inout State, _ effect: State) {
    state = effect
  }
}

extension Feature {
  /// Creates a reducer-only feature: each wish is reduced straight into the state.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - configuration: Name, isolation and error reporting.
  ///   - reducer: Applies a wish to the state.
  public convenience init<S: Sendable, W: Sendable>(
    initialState: S,
    configuration: FeatureConfiguration = .init(),
    reducer: @escaping @Sendable (inout S, W) -> Void
  ) where Definition == ReducerDefinition<S, W> {
    self.init(
      initialState: initialState,
      definition: ReducerDefinition(reducer: reducer),
      configuration: configuration
    )
  }

  /// Creates an actor+reducer feature whose wishes are its actions.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - configuration: Name, isolation and error reporting.
  ///   - actor: Turns a wish into effects, given the current state.
  ///   - reducer: Applies an effect to the state.
  public convenience init<S: Sendable, W: Sendable, E: Sendable>(
    initialState: S,
    configuration: FeatureConfiguration = .init(),
    actor: @escaping @Sendable (S, W) -> Effects<E>,
    reducer: @escaping @Sendable (inout S, E) -> Void
  ) where Definition == ActorReducerDefinition<S, W, E, Never> {
    self.init(
      initialState: initialState,
      definition: ActorReducerDefinition(actor: actor, reducer: reducer),
      configuration: configuration
    )
  }

  /// Creates a memo feature: its state is whatever value was last sent.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - configuration: Name, isolation and error reporting.
  public convenience init<S: Sendable>(
    memo initialState: S,
    configuration: FeatureConfiguration = .init()
  ) where Definition == MemoDefinition<S> {
    self.init(
      initialState: initialState,
      definition: MemoDefinition(),
      configuration: configuration
    )
  }
}
