/// Where a transition's Mealy output comes from; an enum so that the common cases (no output,
/// a constant) cost no closure call on the hot path.
@usableFromInline
internal enum OutputSource<State: Sendable, Event: Sendable, Output: Sendable>: Sendable {
  case none
  case constant(Output)
  case computed(@Sendable (State, Event) -> Output?)
}
