/// Declares the output of a state (a Moore output) inside an ``AutomatonBuilder`` block.
///
/// ```swift
/// StateOutput(.locked, "red light")
/// StateOutput(.unlocked, "green light")
/// ```
public struct StateOutput<State: Hashable & Sendable, Output: Sendable>: Sendable {
  /// The state that has the output.
  public let state: State
  /// The output while the machine is in ``state``.
  public let output: Output

  /// Declares that while the machine is in `state` its output is `output`.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - output: Its output.
  public init(_ state: State, _ output: Output) {
    self.state = state
    self.output = output
  }
}
