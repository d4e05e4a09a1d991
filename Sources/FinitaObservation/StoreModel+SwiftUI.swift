#if canImport(SwiftUI)
  import Finita
  import SwiftUI

  extension StoreModel {
    /// A binding that reads a field of the state and dispatches an action when the view writes
    /// it: for a `NavigationStack` path kept in a FinitaRouting `RouteStack`, a text field, a
    /// toggle.
    ///
    /// ```swift
    /// NavigationStack(path: model.binding(\.routes.path, send: { .navigated(to: $0) })) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The field to read.
    ///   - action: Makes the action that asks for the new value.
    /// - Returns: A binding whose writes go through the store, never straight into state.
    public func binding<Value: Sendable>(
      _ keyPath: KeyPath<State, Value> & Sendable,
      send action: @escaping @Sendable (Value) -> Action
    ) -> Binding<Value> {
      Binding(
        get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
        set: { value in MainActor.assumeIsolated { self.dispatch(action(value)) } }
      )
    }
  }
#endif
