/// A handle on one running thunk.
public struct ThunkTask: Sendable {
  private let onCancel: @Sendable () -> Void

  init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// Cancels the thunk: its task is cancelled and its later `dispatch` calls do nothing. Actions
  /// it already dispatched stay reduced. The request is queued like an action, so a thunk that has
  /// not started yet is cancelled as soon as it starts.
  public func cancel() {
    onCancel()
  }
}
