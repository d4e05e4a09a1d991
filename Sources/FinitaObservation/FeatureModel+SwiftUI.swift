#if canImport(SwiftUI)
  import Finita
  import SwiftUI

  extension FeatureModel {
    /// A binding that reads a field of the state and sends a wish when the view writes it.
    ///
    /// ```swift
    /// Toggle("Notifications", isOn: model.binding(\.isNotifying, send: { .setNotifying($0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The field to read.
    ///   - wish: Makes the wish that asks for the new value.
    /// - Returns: A binding whose writes go through the feature, never straight into state.
    public func binding<Value: Sendable>(
      _ keyPath: KeyPath<Definition.State, Value> & Sendable,
      send wish: @escaping @Sendable (Value) -> Definition.Wish
    ) -> Binding<Value> {
      Binding(
        get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
        set: { value in MainActor.assumeIsolated { self.send(wish(value)) } }
      )
    }
  }

  extension ViewStateModel {
    /// A binding that reads a field of the view state and sends a wish when the view writes it.
    ///
    /// - Parameters:
    ///   - keyPath: The field to read.
    ///   - wish: Makes the wish that asks for the new value.
    /// - Returns: A binding whose writes go through ``send(_:)``.
    public func binding<Value: Sendable>(
      _ keyPath: KeyPath<ViewState, Value> & Sendable,
      send wish: @escaping @Sendable (Value) -> Wish
    ) -> Binding<Value> {
      Binding(
        get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
        set: { value in MainActor.assumeIsolated { self.send(wish(value)) } }
      )
    }
  }
#endif
