import Finita

/// A store's feature state as tools in this package show it: the store's present state, not the
/// undo history around it. The inspector's client renders a store's steps with it.
package protocol StorePresentRendering {
  /// The state the store's subscribers see.
  var renderedPresent: any Sendable { get }
}

extension StoreHistory: StorePresentRendering {
  package var renderedPresent: any Sendable { present }
}

/// A store's feature wish as tools in this package show it: the action it dispatches, if any.
package protocol StoreActionRendering {
  /// The action of a `dispatch` command; `nil` for undo, redo, thunks and the like.
  var renderedAction: (any Sendable)? { get }
}

extension StoreCommand: StoreActionRendering {
  package var renderedAction: (any Sendable)? {
    if case .dispatch(let action) = self { action } else { nil }
  }
}

extension Store {
  /// What interceptors know of the store's feature, for tools that bind to it by its number;
  /// `nil` when no interceptor sees it.
  package var interceptedInfo: FeatureInfo? {
    feature.interceptedInfo
  }
}

extension Store {
  /// The feature the store runs on, for tools in this package that work on its log: the
  /// inspector's skip reduces its logged effects again.
  package var backingFeature: Feature<StoreDefinition<State, Action>> {
    feature
  }
}

extension StoreDefinition {
  /// Reduces `effect` as a replay of the store's history does: an action the middleware pass
  /// reduced and committed is reduced again by the reducer, so that a state worked out without
  /// an earlier action follows from that state and not from the one logged; every other effect
  /// as ``reduce(_:_:)``. The middleware does not run again.
  ///
  /// - Parameters:
  ///   - history: The state with its undo history.
  ///   - effect: A logged effect.
  package func replay(
    _ history: inout StoreHistory<AppState>, _ effect: StoreEffect<AppState, AppAction>
  ) {
    if case .commit(let action, _) = effect {
      reduce(&history, .reduce(action))
    } else {
      reduce(&history, effect)
    }
  }
}

extension StoreEffect {
  /// Whether the effect is a dispatched action's (reduced, or committed by the middleware
  /// pass), and not undo, redo, a jump or a restore.
  package var isAction: Bool {
    switch self {
    case .reduce, .commit: true
    case .undo, .redo, .jump, .restore: false
    }
  }
}
