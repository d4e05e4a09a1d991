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
