/// Declares final (accepting) states inside an ``AutomatonBuilder`` block.
///
/// A final state may have no way out without being reported by validation, and diagrams draw
/// it as final.
///
/// ```swift
/// Final(.home)
/// ```
public struct Final<State: Hashable & Sendable>: Sendable {
  /// The final states, in declaration order.
  public let states: [State]

  /// Declares the given states as final.
  ///
  /// - Parameter states: The final states.
  public init(_ states: State...) {
    self.states = states
  }
}
