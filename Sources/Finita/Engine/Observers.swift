extension FeatureCore {
  /// A subscriber to states or news.
  @usableFromInline
  struct Observer<Value> {
    @usableFromInline let id: UInt64
    @usableFromInline let receive: @Sendable (Value) -> Void
    /// Ends a stream or binding when the feature is disposed.
    @usableFromInline let finish: (@Sendable () -> Void)?

    @usableFromInline
    init(
      id: UInt64,
      receive: @escaping @Sendable (Value) -> Void,
      finish: (@Sendable () -> Void)?
    ) {
      self.id = id
      self.receive = receive
      self.finish = finish
    }
  }
}
