/// What became of a reduction a ``MiddlewarePass`` tried to commit.
@usableFromInline
enum MiddlewarePassCommit {
  /// The reduced state is the pass's state now.
  case committed
  /// Another thread committed to the same pass after the snapshot was taken: reduce again, from
  /// the newer state.
  case superseded
  /// The pass ended after the snapshot was taken: queue the action instead.
  case ended
}
