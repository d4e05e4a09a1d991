/// What the table says about an event in a state, before any policy is applied.
@usableFromInline
internal enum Resolution: Sendable {
  /// The row at this index of `Automaton.rows` fires; `target` is the table position of the
  /// state it enters.
  case matched(Int, target: Int)
  /// Rows are declared for the kind, but every guard refused the event.
  case rejected
  /// No row is declared for the kind in this state.
  case undefined
}
