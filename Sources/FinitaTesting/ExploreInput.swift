import Finita

/// One step of an explored sequence: a wish sent, or an event from outside the feature.
public enum ExploreInput<Wish: Sendable>: Sendable {
  /// The wish is sent, then the feature's work settles.
  case wish(Wish)
  /// The virtual clock moves forward: timers, delays and debounces that fall due run, and their
  /// effects are reduced.
  case advance(Duration)
  /// The feature is disposed: its work is cancelled and later wishes do nothing.
  case dispose
}

/// An event from outside the feature that an ``Explorer`` mixes into its sequences, besides
/// wishes.
public struct ExploreOutsideEvent: Sendable {
  enum Kind: Sendable {
    case advance([Duration])
    case dispose
  }

  let kind: Kind
  let weight: Int

  /// Time passes by one of the given amounts, the first being the simplest.
  ///
  /// - Parameters:
  ///   - durations: The amounts; at least one.
  ///   - weight: How often, against the wishes' weight of `4`.
  /// - Returns: The event.
  public static func advance(by durations: [Duration], weight: Int = 1) -> Self {
    precondition(!durations.isEmpty, "advance(by:) needs at least one duration.")
    return Self(kind: .advance(durations), weight: weight)
  }

  /// The feature is disposed; later wishes do nothing.
  ///
  /// - Parameter weight: How often, against the wishes' weight of `4`; rare by default.
  /// - Returns: The event.
  public static func dispose(weight: Int = 1) -> Self {
    Self(kind: .dispose, weight: weight)
  }
}

/// What happened in an explored feature, as invariants see it, in processing order.
public enum ExploreEvent<Definition: FeatureDefinition>: Sendable {
  /// A wish was sent.
  case wish(Definition.Wish)
  /// The Actor (or asynchronous work) produced an effect.
  case effect(Definition.Effect)
  /// The Reducer made a state from the previous one.
  case state(previous: Definition.State, current: Definition.State)
  /// The feature published a news.
  case news(Definition.News)
  /// The virtual clock moved forward by the duration (before the work it woke ran).
  case advanced(Duration)
  /// The feature was disposed.
  case disposed
}

extension ExploreInput: Equatable where Wish: Equatable {}
extension ExploreInput: Hashable where Wish: Hashable {}
