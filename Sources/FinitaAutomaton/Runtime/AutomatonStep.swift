/// What happened when an ``AutomatonMachine`` handled one event: what its owner must act on.
///
/// The result is a small value, `Equatable` when its parts are, so tests compare it directly:
///
/// ```swift
/// #expect(try machine.step(.coin) == .transitioned(from: .locked, to: .unlocked, output: nil))
/// ```
public enum AutomatonStep<State: Sendable, Kind: Sendable, Output: Sendable>: Sendable {
  /// The machine left `from` and entered `to` (possibly the same state, through an external
  /// self-transition that runs exit and entry actions), emitting `output`.
  case transitioned(from: State, to: State, output: Output?)
  /// An internal transition handled the event: the machine stayed in the state without running
  /// exit or entry actions, emitting `output`.
  case stayed(in: State, output: Output?)
  /// The event changed nothing: its transitions' guards all refused it, or it is undefined in
  /// the state and the policy is ``UndefinedEventPolicy/ignore``.
  case ignored(in: State, kind: Kind)
  /// No transition is declared for the event in the state, and the policy is
  /// ``UndefinedEventPolicy/report``.
  case undefined(in: State, kind: Kind)

  /// The state after the step.
  @inlinable
  public var state: State {
    switch self {
    case .transitioned(_, let to, _): to
    case .stayed(let state, _), .ignored(let state, _), .undefined(let state, _): state
    }
  }

  /// The output of the step, if any.
  @inlinable
  public var output: Output? {
    switch self {
    case .transitioned(_, _, let output), .stayed(_, let output): output
    case .ignored, .undefined: nil
    }
  }
}

extension AutomatonStep: Equatable where State: Equatable, Kind: Equatable, Output: Equatable {}

extension AutomatonStep: Hashable where State: Hashable, Kind: Hashable, Output: Hashable {}

/// Codable when its parts are, so a recording of an automaton running as a feature (whose
/// effects and news are steps) can be saved and replayed:
/// `{"transitioned":{"from":"idle","to":"paid","output":null}}`.
extension AutomatonStep: Codable where State: Codable, Kind: Codable, Output: Codable {}
