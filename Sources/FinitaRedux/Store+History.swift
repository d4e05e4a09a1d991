extension Store {
  /// The state with its undo history: past states, the present one, and the states redo brings
  /// back.
  public var history: StoreHistory<State> {
    feature.state
  }

  /// Goes back one step in the history. Does nothing when there is nothing to undo or the store
  /// keeps no history.
  ///
  /// Queued like an action, and handled by the reducer stage: subscribers see the restored
  /// state. Undo does not go through middleware.
  public func undo() {
    feature.accept(.undo)
  }

  /// Goes forward one step, to the state the last undo left. Does nothing when there is nothing
  /// to redo; any recorded action clears what redo would bring back.
  public func redo() {
    feature.accept(.redo)
  }

  /// Moves to any state in ``StoreHistory/states``, as if by that many undos or redos.
  ///
  /// - Parameter index: A position in ``StoreHistory/states``, `0` being the oldest kept state.
  ///   An index outside the history changes nothing.
  public func jump(to index: Int) {
    feature.accept(.jump(to: index))
  }
}
