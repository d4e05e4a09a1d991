/// Declares final (accepting) states inside an ``AutomatonBuilder`` block.
///
/// A final state may have no way out without being reported by validation, and diagrams draw
/// it as final. States that carry values are declared final by kind, whatever their payload:
///
/// ```swift
/// Final(.home)
/// Final(kinds: .paid)  // .paid(amount: 5), .paid(amount: 20), ...
/// ```
public struct Final<State: Hashable & Sendable>: Sendable {
  /// The final states declared by value, in declaration order.
  public let states: [State]
  /// Whether a state is of a kind declared final; `nil` when the states are given by value.
  let matchesKind: (@Sendable (State) -> Bool)?
  /// The final kinds as diagrams and validation name them.
  let kindNames: [String]

  /// Declares the given states as final.
  ///
  /// - Parameter states: The final states.
  public init(_ states: State...) {
    self.states = states
    self.matchesKind = nil
    self.kindNames = []
  }
}

extension Final where State: AutomatonState {
  /// Declares every state of the given kinds final, whatever its payload.
  ///
  /// - Parameter kinds: The kinds of the final states.
  public init(kinds: State.Kind...) {
    self.kindNames = kinds.map { String(describing: $0) }
    let kinds = Set(kinds)
    self.states = []
    self.matchesKind = { kinds.contains($0.kind) }
  }
}
