import Finita

/// A whole store (reducer, middleware, thunks and undo history) as a feature definition, for a
/// tool that makes its own features: FinitaTesting's `Explorer` and `FeatureTester`.
///
/// A ``Store`` makes its feature itself. A tool that runs features under virtual time makes
/// them instead, so it takes this definition, and connects each feature it makes with
/// ``connect(to:)`` before the feature starts: that is how the middleware's dispatches, its
/// late `next` calls and the thunks reach the feature.
///
/// ```swift
/// let history = HistoryOptions<Cart, CartAction>(limit: 10)
/// var explorer = Explorer(
///   initialState: StoreFeature.initialState(Cart(), history: history),
///   wishes: .one(of: [
///     Gen.int(in: 1...3).map { .dispatch(.add(product: $0)) },
///     .constant(.thunk(named: "checkout")),
///     .constant(.undo),
///   ]),
///   invariants: [.always("a paid cart is empty") { !$0.present.isPaid || $0.present.lines.isEmpty }]
/// ) { clock in
///   StoreFeature(
///     initialState: Cart(), reducer: cartReducer, middleware: [analytics], history: history,
///     thunks: [checkout(payments: FakePayments(clock: clock))])
/// }
/// explorer.willStart = { feature in feature.definition.connect(to: feature) }
/// ```
///
/// Its state is the store's ``StoreHistory``; its wishes are ``Input``s (actions, thunks, and
/// moves through history); its effects are ``Change``s. A thunk in an input is either a value,
/// or a name looked up among the definition's `thunks`: a name lets a generator pick a thunk
/// that each run builds afresh with its own clock and test doubles.
public struct StoreFeature<AppState: Sendable, AppAction: Sendable>: FeatureDefinition {
  /// What the store is asked: an action, a thunk, or a move through its history.
  ///
  /// Spelled like an enum: `.dispatch(.add)`, `.thunk(named: "checkout")`, `.undo`.
  public struct Input: Sendable, CustomStringConvertible, CustomReflectable {
    enum Kind: Sendable {
      case command(StoreCommand<AppState, AppAction>)
      /// A thunk to start: the Actor gives the run its key.
      case thunk(Thunk<AppState, AppAction>)
      case thunkNamed(String)
    }

    let kind: Kind

    init(_ command: StoreCommand<AppState, AppAction>) {
      kind = .command(command)
    }

    init(kind: Kind) {
      self.kind = kind
    }

    /// An action, dispatched through the middleware to the reducer.
    ///
    /// - Parameter action: The action.
    /// - Returns: The input.
    public static func dispatch(_ action: AppAction) -> Self {
      Self(.dispatch(action))
    }

    /// A thunk started, as ``Store/dispatch(_:)-(Thunk<State,Action>)`` starts it.
    ///
    /// - Parameter thunk: The thunk.
    /// - Returns: The input.
    public static func thunk(_ thunk: Thunk<AppState, AppAction>) -> Self {
      Self(kind: .thunk(thunk))
    }

    /// The thunk of the definition's `thunks` with this name, started.
    ///
    /// - Parameter name: The thunk's `name`.
    /// - Returns: The input.
    public static func thunk(named name: String) -> Self {
      Self(kind: .thunkNamed(name))
    }

    /// Every running thunk with the identifier `id` cancelled, as ``Store/cancelThunks(id:)``
    /// does.
    ///
    /// - Parameter id: The thunks' identifier.
    /// - Returns: The input.
    public static func cancelThunks(id: some Hashable & Sendable) -> Self {
      Self(.cancelThunks(ThunkKey(named: id)))
    }

    /// One step back in the undo history, as ``Store/undo()``.
    public static var undo: Self { Self(.undo) }
    /// One step forward in the undo history, as ``Store/redo()``.
    public static var redo: Self { Self(.redo) }

    /// A move to a position of ``StoreHistory/states``, as ``Store/jump(to:)``.
    ///
    /// - Parameter index: The position.
    /// - Returns: The input.
    public static func jump(to index: Int) -> Self {
      Self(.jump(to: index))
    }

    /// The input as it would be written: `dispatch(.add)`, `thunk(named: "checkout")`, `undo`;
    /// a thunk given as a value is a placeholder, `thunk(<#Thunk "checkout"#>)`.
    public var description: String {
      parts.description
    }

    /// The input shown as an enum case, so that reports name its kind (`dispatch`, `thunk`).
    public var customMirror: Mirror {
      parts.mirror(of: self)
    }

    /// The case's name, and its payload as Swift source and as a value.
    private var parts: CaseParts {
      switch kind {
      case .thunk(let thunk): return Self.parts(of: thunk)
      case .thunkNamed(let name): return CaseParts("thunk", "named: \"\(name)\"", name)
      case .command(let command):
        switch command {
        case .dispatch(let action): return CaseParts("dispatch", literal(action), action)
        case .resume(let action, let index):
          return CaseParts("resume", "\(literal(action)), at: \(index)", (action, index))
        case .undo: return CaseParts("undo")
        case .redo: return CaseParts("redo")
        case .jump(let index): return CaseParts("jump", "to: \(index)", index)
        case .boxed(let boxed):
          switch boxed.command {
          case .thunk(let thunk, _): return Self.parts(of: thunk)
          case .cancelThunks(let key): return CaseParts("cancelThunks", "id: \(key)", key)
          case .restore(let state): return CaseParts("restore", literal(state), state)
          }
        }
      }
    }

    /// A thunk value is a closure, which no source can spell back: it is written as an Xcode
    /// placeholder (`thunk(<#Thunk "checkout"#>)`), so a generated test says what it needs
    /// filled in, rather than failing to compile on a made-up initializer.
    private static func parts(of thunk: Thunk<AppState, AppAction>) -> CaseParts {
      guard let name = thunk.name else { return CaseParts("thunk", "<#Thunk#>", "unnamed") }
      return CaseParts("thunk", "<#Thunk \"\(name)\"#>", name)
    }
  }

  /// What changed the store's state: an action reduced, or a move through the history.
  public struct Change: Sendable, CustomStringConvertible, CustomReflectable {
    let effect: StoreEffect<AppState, AppAction>

    /// The change as it would be written: `reduce(.add)`, `undo`, `jump(to: 2)`.
    public var description: String {
      parts.description
    }

    /// The change shown as an enum case, so that reports name its kind.
    public var customMirror: Mirror {
      parts.mirror(of: self)
    }

    /// The case's name, and its payload as Swift source and as a value. An action a
    /// middleware reduced in its pass is a `reduce` too: the store commits the state that pass
    /// made.
    private var parts: CaseParts {
      switch effect {
      case .reduce(let action), .commit(let action, _): CaseParts("reduce", literal(action), action)
      case .undo: CaseParts("undo")
      case .redo: CaseParts("redo")
      case .jump(let index): CaseParts("jump", "to: \(index)", index)
      case .restore(let state): CaseParts("restore", literal(state), state)
      }
    }
  }

  /// What the store is asked.
  public typealias Wish = Input
  /// What changed the state.
  public typealias Effect = Change
  /// The store's state with its undo history.
  public typealias State = StoreHistory<AppState>

  let store: StoreDefinition<AppState, AppAction>
  let thunks: [String: Thunk<AppState, AppAction>]

  /// Creates the definition of a store, as ``Store/init(initialState:reducer:middleware:history:configuration:)``
  /// would make it.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action; the feature's initial state is
  ///     ``initialState(_:history:)`` of it.
  ///   - reducer: Applies each action to the state.
  ///   - middleware: The steps each dispatched action goes through, first to last.
  ///   - history: How to keep undo history; `nil` (the default) keeps none.
  ///   - thunks: The thunks an ``Input/thunk(named:)`` names, by their `name`; a thunk
  ///     without a name cannot be named.
  public init(
    initialState: AppState,
    reducer: Reducer<AppState, AppAction>,
    middleware: [Middleware<AppState, AppAction>] = [],
    history: HistoryOptions<AppState, AppAction>? = nil,
    thunks: [Thunk<AppState, AppAction>] = []
  ) {
    self.store = StoreDefinition(
      initialState: initialState, reducer: reducer, middleware: middleware,
      historyOptions: history ?? .none, link: StoreLink())
    var named: [String: Thunk<AppState, AppAction>] = [:]
    for thunk in thunks {
      if let name = thunk.name { named[name] = thunk }
    }
    self.thunks = named
  }

  /// The feature's initial state for a store that starts at `state`: `state`, with an empty
  /// undo history of the given options.
  ///
  /// - Parameters:
  ///   - state: The store's initial state.
  ///   - history: The store's history options; `nil` for none.
  /// - Returns: The state with its history.
  public static func initialState(
    _ state: AppState, history: HistoryOptions<AppState, AppAction>? = nil
  ) -> StoreHistory<AppState> {
    StoreHistory(present: state, limit: (history ?? .none).limit)
  }

  /// Connects the middleware and the thunks to `feature`, the feature that runs this
  /// definition. Call it once, before the feature starts; until then, what they dispatch is
  /// lost.
  ///
  /// - Parameter feature: The feature; held weakly.
  public func connect(to feature: Feature<Self>) {
    store.link.connect(feature) { Input($0) }
  }

  /// Runs an input as the store does: an action through the middleware, a thunk in a task of
  /// the feature, a move through the history when it can be made.
  ///
  /// - Parameters:
  ///   - state: The store's state.
  ///   - input: What the store is asked.
  /// - Returns: The changes.
  public func act(_ state: State, _ input: Input) -> Effects<Change> {
    let command: StoreCommand<AppState, AppAction>
    switch input.kind {
    case .command(let given):
      command = given
    case .thunk(let thunk):
      command = .thunk(thunk, key: store.link.nextThunkKey())
    case .thunkNamed(let name):
      guard let thunk = thunks[name] else {
        let known = thunks.keys.sorted()
        return .run(name: "thunk(named: \"\(name)\")") { _ in
          throw StoreFeatureError.unknownThunk(name, known: known)
        }
      }
      command = .thunk(thunk, key: store.link.nextThunkKey())
    }
    return store.act(state, command).map { Change(effect: $0) }
  }

  /// Applies a change as the store does.
  ///
  /// - Parameters:
  ///   - history: The store's state and undo history.
  ///   - change: The change.
  public func reduce(_ history: inout State, _ change: Change) {
    store.reduce(&history, change.effect)
  }
}

/// Why a ``StoreFeature`` could not run an input.
public enum StoreFeatureError: Error, CustomStringConvertible {
  /// An ``StoreFeature/Input/thunk(named:)`` named no thunk of the definition's `thunks`.
  case unknownThunk(String, known: [String])

  /// What went wrong, and how to fix it.
  public var description: String {
    switch self {
    case .unknownThunk(let name, let known):
      let names = known.isEmpty ? "none" : known.map { "\"\($0)\"" }.joined(separator: ", ")
      return
        "No thunk is named \"\(name)\" in this StoreFeature (its named thunks: \(names)). "
        + "Pass the thunk in `thunks:`, with `name: \"\(name)\"`."
    }
  }
}

/// A value as Swift source where that is easy: an enum case with a leading dot (`.add`), other
/// values as their description.
private func literal(_ value: Any) -> String {
  let text = String(describing: value)
  return Mirror(reflecting: value).displayStyle == .enum ? "." + text : text
}

/// An input's or a change's case: its name, and its payload as Swift source and as a value.
private struct CaseParts {
  let name: String
  let payload: (source: String, value: Any)?

  init(_ name: String, _ source: String? = nil, _ value: Any = ()) {
    self.name = name
    self.payload = source.map { ($0, value) }
  }

  /// `name(source)`, or `name` alone.
  var description: String {
    payload.map { "\(name)(\($0.source))" } ?? name
  }

  /// A mirror that shows `subject` as this enum case, with its payload value.
  func mirror(of subject: Any) -> Mirror {
    Mirror(
      subject, children: payload.map { [(label: name, value: $0.value)] } ?? [],
      displayStyle: .enum)
  }
}
