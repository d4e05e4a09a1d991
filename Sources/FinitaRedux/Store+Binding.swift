import Finita

extension BindingSource {
  /// The states of `store`: the current one on subscription, then one per action reduced (and
  /// per undo, redo or restore), as a feature's states are.
  ///
  /// A store joins a `Binder` graph as a feature does; the source finishes when the store is
  /// disposed, and keeps the store alive while a binder holds it.
  ///
  /// ```swift
  /// binder.bind(.states(of: store), to: .wishes(of: badge)) { .setCount($0.unread) }
  /// ```
  ///
  /// - Parameter store: The store whose states to deliver.
  /// - Returns: The source.
  public static func states<Action: Sendable>(of store: Store<Output, Action>) -> Self {
    let histories = BindingSource<StoreHistory<Output>>.states(of: store.feature)
    return Self { receive, finish in
      histories.subscribe(receive: { receive($0.present) }, finish: finish)
    }
  }
}

extension BindingSink {
  /// The actions of `store`: each value is dispatched, through the middleware, as
  /// ``Store/dispatch(_:)-(Action)`` does.
  ///
  /// The sink holds the store weakly: a binding never keeps a store alive, and values sent
  /// after it is released are dropped.
  ///
  /// ```swift
  /// binder.bind(.news(of: session), to: .actions(of: store)) { news in
  ///   news == .loggedOut ? .clearCache : nil
  /// }
  /// ```
  ///
  /// - Parameter store: The store to dispatch to.
  /// - Returns: The sink.
  public static func actions<State: Sendable>(of store: Store<State, Input>) -> Self {
    Self { [weak store] action in store?.dispatch(action) }
  }
}

extension UIStateMapper {
  /// Follows the states of `store` and maps them to a view state, as the initializer that
  /// takes features does; wrap it in FinitaObservation's `ViewStateModel` with
  /// `send: .actions(of: store)` for SwiftUI.
  ///
  /// - Parameters:
  ///   - store: The store whose states make the view state.
  ///   - map: Builds the view state from the store's state.
  public convenience init<State: Sendable, Action: Sendable>(
    _ store: Store<State, Action>,
    map: @escaping @Sendable (State) -> ViewState
  ) {
    self.init(store.feature) { history in map(history.present) }
  }
}
