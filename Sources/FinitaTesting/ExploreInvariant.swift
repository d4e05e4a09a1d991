import Finita

/// A property an explored feature must keep, checked on each event of each sequence.
///
/// ```swift
/// // Over states: the index always points into the playlist.
/// .always("the track is in the playlist") { $0.playlist.indices.contains($0.trackIndex) }
/// // Temporal: after a load starts, its result comes before another load starts.
/// .after("one load at a time", { $0.isLoadStart }, expect: { $0.isLoadResult }, beforeAny: { $0.isLoadStart })
/// ```
///
/// Each sequence gets a fresh monitor from ``init(_:monitor:)``, so an invariant may keep what
/// it saw so far.
public struct ExploreInvariant<Definition: FeatureDefinition>: Sendable {
  /// The invariant's name, shown when it is violated.
  public let name: String
  let makeMonitor: @Sendable () -> (ExploreEvent<Definition>) -> String?

  /// An invariant checked by a monitor that sees every event of a sequence, in order.
  ///
  /// - Parameters:
  ///   - name: What must hold, shown when it is violated.
  ///   - monitor: Makes, for each sequence, a closure that returns `nil` while the invariant
  ///     holds and a message saying what went wrong when it is violated.
  public init(
    _ name: String,
    monitor: @escaping @Sendable () -> (ExploreEvent<Definition>) -> String?
  ) {
    self.name = name
    self.makeMonitor = monitor
  }

  /// Every state, the initial one and each the Reducer makes, satisfies `predicate`.
  ///
  /// - Parameters:
  ///   - name: What must hold.
  ///   - predicate: Whether a state is allowed.
  /// - Returns: The invariant.
  public static func always(
    _ name: String, _ predicate: @escaping @Sendable (Definition.State) -> Bool
  ) -> Self {
    Self(name) {
      { event in
        guard case .state(_, let state) = event, !predicate(state) else { return nil }
        return "the state \(ValueDump(maxDepth: 3).line(of: state)) breaks it"
      }
    }
  }

  /// Every news satisfies `predicate`, given the state when it was published.
  ///
  /// - Parameters:
  ///   - name: What must hold.
  ///   - predicate: Whether a news is allowed in a state.
  /// - Returns: The invariant.
  public static func news(
    _ name: String, _ predicate: @escaping @Sendable (Definition.News, Definition.State?) -> Bool
  ) -> Self {
    Self(name) {
      var state: Definition.State?
      return { event in
        switch event {
        case .state(_, let current):
          state = current
        case .news(let news) where !predicate(news, state):
          return "the news \(ValueDump(maxDepth: 3).line(of: news)) breaks it"
        default:
          break
        }
        return nil
      }
    }
  }

  /// A temporal invariant: after an event matching `trigger`, an event matching `expected`
  /// comes before any event matching `forbidden`.
  ///
  /// An event that is both forbidden and a trigger (a second load while one is in flight) is
  /// checked as forbidden first. A sequence that ends while still waiting is not a violation.
  ///
  /// - Parameters:
  ///   - name: What must hold.
  ///   - trigger: The event after which `expected` is awaited.
  ///   - expected: The event that satisfies the wait.
  ///   - forbidden: The event that must not come while waiting.
  /// - Returns: The invariant.
  public static func after(
    _ name: String,
    _ trigger: @escaping @Sendable (ExploreEvent<Definition>) -> Bool,
    expect expected: @escaping @Sendable (ExploreEvent<Definition>) -> Bool,
    beforeAny forbidden: @escaping @Sendable (ExploreEvent<Definition>) -> Bool
  ) -> Self {
    Self(name) {
      // The event itself, described only when the invariant breaks.
      var waitingSince: ExploreEvent<Definition>?
      return { event in
        if let since = waitingSince {
          if expected(event) {
            waitingSince = nil
          } else if forbidden(event) {
            return "\(event.summary) came after \(since.summary) and before the expected event"
          }
        }
        if trigger(event) { waitingSince = event }
        return nil
      }
    }
  }
}

extension ExploreEvent {
  /// The event on one line, as failure messages show it: `effect Load.started`.
  var summary: String {
    let dump = ValueDump(maxDepth: 3)
    return switch self {
    case .wish(let wish): "wish \(dump.line(of: wish))"
    case .effect(let effect): "effect \(dump.line(of: effect))"
    case .state(_, let state): "state \(dump.line(of: state))"
    case .news(let news): "news \(dump.line(of: news))"
    case .advanced(let duration): "advancing \(duration)"
    case .disposed: "disposal"
    }
  }
}
