/// A pure function that applies an action to the state: the only place a store's state changes.
///
/// Write it in place, as Finita's reducers are, or in ReSwift's returning form; combine reducers
/// that each own a part of the state with ``combine(_:)-(Reducer<State,Action>...)``,
/// ``scope(_:_:)`` and ``pullback(state:action:)``.
///
/// ```swift
/// let pert = Reducer<PERT, PERTAction> { state, action in
///   switch action {
///   case .setMax(let value): state.max = value
///   case .setMin(let value): state.min = value
///   case .setExp(let value): state.exp = value
///   }
///   state.result = (state.max + state.min + 4 * state.exp) / 6
/// }
/// ```
public struct Reducer<State, Action>: Sendable {
  @usableFromInline let body: @Sendable (inout State, Action) -> Void

  /// Creates a reducer that changes the state in place.
  ///
  /// - Parameter reduce: Applies an action to the state. Keep it pure and synchronous.
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Void) {
    self.body = reduce
  }

  /// Creates a reducer from the ReSwift form, which returns the next state.
  ///
  /// ```swift
  /// let counter = Reducer<Int, CounterAction>(returning: { action, count in
  ///   action == .increment ? count + 1 : count
  /// })
  /// ```
  ///
  /// - Parameter reduce: Returns the state after the action. Keep it pure and synchronous.
  public init(returning reduce: @escaping @Sendable (_ action: Action, _ state: State) -> State) {
    self.body = { state, action in state = reduce(action, state) }
  }

  /// Applies `action` to `state`.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - action: What happened.
  @inlinable
  public func reduce(_ state: inout State, _ action: Action) {
    body(&state, action)
  }

  /// Applies `action` to a copy of `state` and returns the copy: handy in tests.
  ///
  /// - Parameters:
  ///   - action: What happened.
  ///   - state: The state before the action.
  /// - Returns: The state after the action.
  @inlinable
  public func reduced(_ action: Action, _ state: State) -> State {
    var next = state
    body(&next, action)
    return next
  }
}

// MARK: - Combining

extension Reducer {
  /// A reducer that runs the given reducers one after the other, each seeing the state the
  /// previous one left.
  ///
  /// - Parameter reducers: The reducers, first to last.
  /// - Returns: The combined reducer.
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// A reducer that runs the given reducers one after the other, each seeing the state the
  /// previous one left.
  ///
  /// - Parameter reducers: The reducers, first to last.
  /// - Returns: The combined reducer.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action in
      for reducer in reducers { reducer.body(&state, action) }
    }
  }

  /// A reducer that applies a reducer of one part of the state, reached by `keyPath`, to every
  /// action of the whole.
  ///
  /// ```swift
  /// let app = Reducer<AppState, AppAction>.combine(
  ///   .scope(\.estimate, pertReducer),
  ///   .scope(\.settings, settingsReducer)
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the part lives in the whole state.
  ///   - reducer: The part's reducer; it receives the same actions.
  /// - Returns: A reducer of the whole state.
  public static func scope<Part>(
    _ keyPath: WritableKeyPath<State, Part> & Sendable,
    _ reducer: Reducer<Part, Action>
  ) -> Self {
    Self { state, action in reducer.body(&state[keyPath: keyPath], action) }
  }

  /// This reducer, lifted to a larger state and a larger action type: it runs only for the
  /// parent actions that `action` turns into its own, on the part `state` points at.
  ///
  /// ```swift
  /// enum AppAction { case pert(PERTAction), signOut }
  /// let app = pertReducer.pullback(state: \AppState.estimate) { (action: AppAction) in
  ///   if case .pert(let pert) = action { pert } else { nil }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where this reducer's state lives in the parent state.
  ///   - action: Extracts this reducer's action from a parent action, or returns `nil` for
  ///     actions it does not handle.
  /// - Returns: A reducer of the parent state and actions.
  public func pullback<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State> & Sendable,
    action: @escaping @Sendable (ParentAction) -> Action?
  ) -> Reducer<ParentState, ParentAction> {
    let body = self.body
    return Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let local = action(parentAction) else { return }
      body(&parent[keyPath: state], local)
    }
  }
}
