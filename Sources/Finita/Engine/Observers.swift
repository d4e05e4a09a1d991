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

  /// The observers of states or news, owned by the token holder.
  ///
  /// Only the token holder changes it, and never while it is notifying. Changes go to `slots`
  /// (amortized O(1) each); notifying walks `snapshot`, an immutable copy of the observers made
  /// at the first notification after a change. A closure read from memory that cannot change
  /// during the call is called without retaining it, which halves the cost per observer; the
  /// copy costs about as much as one notification and is made at most once per change.
  @usableFromInline
  final class ObserverList<Value> {
    // Not checked dynamically: every access is the token holder's, and the token serializes them.
    @exclusivity(unchecked) @usableFromInline var slots = ObserverSlots<Observer<Value>>(
      vacant: Observer(id: 0, receive: { _ in }, finish: nil)
    ) {
      // Dropped at once, so a removed observer is released now, not at the next notification.
      didSet {
        snapshot?.release()
        snapshot = nil
      }
    }
    /// Held with a manual retain, so notifying does not retain it.
    @exclusivity(unchecked) @usableFromInline var snapshot: Unmanaged<ObserverSnapshot<Value>>?

    @usableFromInline
    init() {}

    deinit {
      snapshot?.release()
    }

    /// The observers to notify, copied from `slots` when they changed since the last call.
    @inlinable
    func observersToNotify() -> Unmanaged<ObserverSnapshot<Value>> {
      if let snapshot { return snapshot }
      let made = Unmanaged.passRetained(ObserverSnapshot(ContiguousArray(slots.elements)))
      snapshot = made
      return made
    }
  }

  /// The observers of an ``ObserverList`` at one moment, never changed.
  @usableFromInline
  final class ObserverSnapshot<Value> {
    @usableFromInline let items: ContiguousArray<Observer<Value>>

    @usableFromInline
    init(_ items: ContiguousArray<Observer<Value>>) {
      self.items = items
    }
  }
}
