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
  /// A call in flight to the explorer's ``PendingCalls`` completes, with a generated response
  /// or error, then the feature's work settles.
  case completion(ExploreCompletion)
}

/// Which call in flight an explored step completes, and how.
///
/// A generated completion picks a call among those in flight when its step runs (so two loads
/// can finish in either order) and draws its outcome from the outcome generator the
/// ``Explorer`` was given for that call's request. Once run, it names the call, its request
/// and its outcome, as the trace shows them.
///
/// In an exhaustive alphabet, `ExploreCompletion(call: 0)` and `ExploreCompletion(call: 1)`
/// complete the oldest and the second oldest call with the simplest outcome.
public struct ExploreCompletion: Sendable, Hashable, CustomStringConvertible {
  /// The call's position among the calls in flight, the oldest being `0`; taken modulo their
  /// number when the step runs.
  public let call: Int
  /// How many calls were in flight when the step ran; `0` when it has not run or found none.
  public let inFlight: Int
  /// The call's request, described, once the step ran.
  public let request: String?
  /// The outcome it was completed with, described, once the step ran.
  public let outcome: String?
  /// The choices the outcome was drawn from: replaying them makes the same outcome.
  let choices: [UInt64]
  /// The outcome, a `Result` of the calls' types.
  let result: (any Sendable)?

  /// A completion of the call at `call` among those in flight, with the outcome the
  /// generator makes from `choices` (the simplest outcome when empty).
  ///
  /// - Parameters:
  ///   - call: The call's position among the calls in flight, the oldest being `0`.
  ///   - choices: The choices the outcome is drawn from.
  public init(call: Int, choices: [UInt64] = []) {
    self.init(call: call, of: 0, request: nil, outcome: nil, choices: choices, result: nil)
  }

  init(
    call: Int, of inFlight: Int, request: String?, outcome: String?, choices: [UInt64],
    result: (any Sendable)?
  ) {
    self.call = max(call, 0)
    self.inFlight = inFlight
    self.request = request
    self.outcome = outcome
    self.choices = choices
    self.result = result
  }

  /// The completion as the trace shows it: `complete call 1 of 2 in flight, 2, with
  /// success(…)`, the oldest call being `0`.
  public var description: String {
    if let request, let outcome {
      return "complete call \(call) of \(inFlight) in flight, \(request), with \(outcome)"
    }
    return outcome == nil ? "complete call \(call)" : "complete a call: none in flight"
  }

  /// Whether two completions pick the same call and outcome.
  ///
  /// - Parameters:
  ///   - lhs: A completion.
  ///   - rhs: Another completion.
  /// - Returns: Whether they are the same.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.call == rhs.call && lhs.inFlight == rhs.inFlight && lhs.request == rhs.request
      && lhs.outcome == rhs.outcome && lhs.choices == rhs.choices
  }

  /// Hashes what `==` compares.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(call)
    hasher.combine(inFlight)
    hasher.combine(request)
    hasher.combine(outcome)
    hasher.combine(choices)
  }
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
