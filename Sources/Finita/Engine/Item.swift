extension FeatureCore {
  /// One unit of queued work.
  @usableFromInline
  enum Item: QueueItem {
    case wish(Wish)
    case action(Action)
    case bootstrapAction(Action)
    case effect(Effect, Action)
    /// Boxed, so an item stays small enough to be copied inline: once an enum is larger than
    /// four words, specialized code copies it through the runtime's generic value witnesses.
    case subscribe(Box<Observer<State>>)
    case start
    /// A stage to report from the processing thread, such as the end of asynchronous work.
    /// Queued only when the feature is traced.
    case traced(Box<FeatureTraceEvent<Definition>>)
    /// Shows a past state, or goes back to the live one.
    case travel(Box<TravelStep>)

    /// Whether the item waits while the feature shows a past state: everything that would run
    /// the definition's code or reduce.
    @inlinable
    var waitsWhileTravelling: Bool {
      switch self {
      case .wish, .action, .bootstrapAction, .effect, .start: true
      case .subscribe, .traced, .travel: false
      }
    }

    /// Whether it is the item that starts the feature.
    @inlinable
    var isStart: Bool {
      if case .start = self { true } else { false }
    }
  }

  /// A step of time travel.
  @usableFromInline
  enum TravelStep {
    /// Show this state to the observers; the first one keeps the live state aside.
    case show(State)
    /// Stop travelling: show the live state again, or keep the shown one as the new live state.
    case end(continuingFromShownState: Bool)
  }

  /// A value kept by reference.
  @usableFromInline
  final class Box<Value> {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
      self.value = value
    }
  }
}
