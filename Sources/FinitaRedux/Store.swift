import Finita

/// A Redux-style store: one state, changed only by a reducer, in response to actions dispatched
/// from anywhere, through middleware; with thunks, subscriptions, undo and persistence.
///
/// ```swift
/// let store = Store(
///   initialState: PERT(),
///   reducer: pertReducer,
///   middleware: [logger],
///   history: HistoryOptions(limit: 20)
/// )
/// let token = store.subscribe(\.result) { result in print("estimate:", result) }
/// store.dispatch(.setMax(10))
/// store.dispatch(.setMin(2))
/// print(store.state.result)  // already reduced: dispatch returns after the reducer ran
/// store.undo()
/// ```
///
/// A store runs on the Finita engine: it is a `Feature` whose Actor is the middleware chain and
/// whose Reducer is your reducer. So it follows the engine's rules (see the Finita
/// `Concurrency` article): dispatch from any thread; processing is serialized and never
/// recursive, so an action dispatched from a subscriber, a middleware or another thread is
/// queued and handled after the current one; no lock is held while your code runs; and when no
/// other thread is processing, ``dispatch(_:)-(Action)`` returns after the action is reduced.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let feature: Feature<StoreDefinition<State, Action>>
  let link: StoreLink<State, Action>

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Applies each action to the state.
  ///   - middleware: The steps each dispatched action goes through, first to last, before the
  ///     reducer.
  ///   - history: How to keep undo history; `nil` (the default) keeps none.
  ///   - configuration: The underlying feature's name, isolation (`.mainActor` for a store that
  ///     drives UI) and the handler of errors thrown by thunks.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = [],
    history: HistoryOptions<State, Action>? = nil,
    configuration: FeatureConfiguration = .init()
  ) {
    let options = history ?? .none
    let link = StoreLink<State, Action>()
    self.link = link
    self.feature = Feature(
      initialState: StoreHistory(present: initialState, limit: options.limit),
      definition: StoreDefinition(
        initialState: initialState,
        reducer: reducer,
        middleware: middleware,
        historyOptions: options,
        link: link
      ),
      configuration: configuration
    )
    link.connect(feature) { $0 }
  }

  /// Creates a store from a reducer closure.
  ///
  /// ```swift
  /// let counter = Store(initialState: 0) { (count: inout Int, action: CounterAction) in
  ///   if action == .increment { count += 1 }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - middleware: The steps each dispatched action goes through, first to last.
  ///   - history: How to keep undo history; `nil` (the default) keeps none.
  ///   - configuration: The underlying feature's name, isolation and error handler.
  ///   - reduce: Applies each action to the state.
  public convenience init(
    initialState: State,
    middleware: [Middleware<State, Action>] = [],
    history: HistoryOptions<State, Action>? = nil,
    configuration: FeatureConfiguration = .init(),
    reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Void
  ) {
    self.init(
      initialState: initialState,
      reducer: Reducer(reduce),
      middleware: middleware,
      history: history,
      configuration: configuration
    )
  }

  /// The current state. Safe to read from any thread.
  ///
  /// Read inside a subscriber, it is the state being delivered.
  @inlinable
  public var state: State {
    feature.state.present
  }

  /// Dispatches an action: it goes through the middleware, then the reducer.
  ///
  /// Safe from any thread. When no other thread is processing, the action is reduced before this
  /// call returns; otherwise (including from a subscriber or a middleware) it is queued behind
  /// the work in progress. After ``dispose()`` it does nothing.
  ///
  /// - Parameter action: What happened.
  @inlinable
  public func dispatch(_ action: Action) {
    feature.accept(.dispatch(action))
  }

  /// Starts a thunk: asynchronous work that reads the state and dispatches over time.
  ///
  /// - Parameter thunk: The work.
  /// - Returns: A handle that cancels this run.
  @discardableResult
  public func dispatch(_ thunk: Thunk<State, Action>) -> ThunkTask {
    link.start(thunk)
  }

  /// Cancels every running thunk created with identifier `id`.
  ///
  /// - Parameter id: The identifier given to ``Thunk/init(id:cancelInFlight:name:_:)``.
  public func cancelThunks(id: some Hashable & Sendable) {
    feature.accept(.cancelThunks(ThunkKey(named: id)))
  }

  /// Stops the store for good: cancels thunks, finishes every ``states-5befu`` and ``values(of:)-8b777``
  /// sequence, and makes later dispatches do nothing. ``state`` keeps the last state.
  public func dispose() {
    feature.dispose()
  }

  /// Whether ``dispose()`` was called.
  public var isDisposed: Bool {
    feature.isDisposed
  }
}
