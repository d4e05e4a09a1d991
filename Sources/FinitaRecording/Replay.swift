import Finita

/// The first place where a replay differs from its recording.
public struct ReplayDivergence: Sendable, Equatable, CustomStringConvertible {
  /// The number of the recorded step that the replay did not reproduce (a `state` or `news`
  /// step), or the number after the last step when the replay produced more than the recording.
  public let step: Int
  /// What differs: `"state"` or `"news"`, as in "the state differs".
  public let subject: String
  /// The difference: lines starting with `-` are the recording's, with `+` the replay's, with
  /// two spaces the same in both.
  public let diff: [String]

  /// `step 17: the state differs`, then the diff lines.
  public var description: String {
    (["step \(step): the \(subject) differs"] + diff).joined(separator: "\n")
  }
}

/// The outcome of ``Recording/replay(configuration:definition:)``.
public struct ReplayResult<State: Sendable>: Sendable {
  /// The first divergence, or `nil` when the replay reproduced every state and news.
  public let divergence: ReplayDivergence?
  /// How many wishes were fed to the feature.
  public let wishes: Int
  /// How many results of asynchronous work were fed from the recording instead of running it.
  public let substitutedEffects: Int
  /// How many recorded states and news were compared.
  public let comparedSteps: Int
  /// The replayed feature's state at the end.
  public let finalState: State
}

/// A clock for replays: it shows the recorded time of the step being replayed, and its sleeps
/// do not end (the replay never runs asynchronous work; see
/// ``Recording/replay(configuration:definition:)``) until they are cancelled.
public final class ReplayClock: Clock, Sendable {
  /// An instant on the clock: a duration since the recording started.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the recording started.
    public var offset: Duration

    /// Creates an instant.
    ///
    /// - Parameter offset: The time since the recording started.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: A duration.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: Another instant.
    /// - Returns: The duration.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Whether `lhs` is before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = LockedValue(Duration.zero)

  /// Creates a clock at time zero.
  public init() {}

  /// The recorded time of the step being replayed.
  public var now: Instant { Instant(offset: current.withLock { $0 }) }

  /// The smallest step: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Moves the clock to a recorded time.
  ///
  /// - Parameter time: The time since the recording started.
  public func set(to time: Duration) {
    current.withLock { $0 = time }
  }

  /// Returns at once for a deadline not after ``now``; otherwise waits until the task is
  /// cancelled, and throws `CancellationError`.
  ///
  /// - Parameters:
  ///   - deadline: When to wake up.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    if deadline <= now { return }
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    continuation.finish()
    throw CancellationError()
  }
}

extension Recording where Definition.State: Equatable, Definition.News: Equatable {
  /// Replays the recording into a fresh feature and reports the first state or news that
  /// differs.
  ///
  /// ```swift
  /// let recording = try Recording<CallTracker>(jsonLines: attachment)
  /// let result = recording.replay { clock in CallTracker(clock: clock, api: .unavailable) }
  /// #expect(result.divergence == nil, "\(result.divergence!)")
  /// ```
  ///
  /// What runs and what is substituted:
  /// - The feature starts from the header's initial state with the definition `definition`
  ///   makes, on a ``ReplayClock`` that shows each step's recorded time.
  /// - Every recorded wish is accepted, in order. `wishToAction`, the Actor's synchronous
  ///   effects, the Reducer, the NewsPublisher and the PostProcessor run for real: they are what
  ///   the replay checks.
  /// - Asynchronous work never runs (so no network is needed). When the Actor's effects for an
  ///   action include asynchronous work, they are replaced by the effects the recording shows
  ///   were reduced synchronously for that action; the effects its work delivered later are fed
  ///   to the Reducer at the point where the recording has them, with the action that started
  ///   the work, and go through the NewsPublisher and PostProcessor like any effect.
  /// - A Bootstrapper whose effects are all synchronous runs for real; otherwise it is replaced
  ///   by the recorded bootstrap actions, at the point where the recording has them.
  /// - Work that failed is not replayed: the effect `FeatureDefinition.effect(for:from:)`
  ///   made of its error, if any, is in the recording and fed like any other effect.
  /// - A `created` step after the first is a jump of the live state, as time travel's "Continue
  ///   from here" makes (the Finita Inspector writes it so): the replayed feature travels to its
  ///   state and continues from there.
  ///
  /// The recorded `state` and `news` steps are compared, in order, with those of the replay,
  /// with `==`; the first difference is reported with a -/+ diff of the values as `dump`
  /// prints them.
  ///
  /// - Parameters:
  ///   - configuration: The replayed feature's configuration (its interceptors see the replay).
  ///   - definition: Makes the definition on the replay's clock.
  /// - Returns: The first divergence, if any, and counts.
  public func replay(
    configuration: FeatureConfiguration = .init(),
    definition: (any Clock<Duration>) -> Definition
  ) -> ReplayResult<Definition.State> {
    let clock = ReplayClock()
    let plan = ReplayPlan<Definition>(steps)
    let inner = definition(clock)
    let replaying = ReplayingDefinition(inner: inner, plan: plan)
    let collector = OutcomeCollector<Definition>()
    var configuration = configuration
    configuration.isolation = .caller
    configuration.interceptors.insert(collector, at: 0)
    let feature = Feature(
      initialState: header.initialState, definition: replaying, configuration: configuration,
      startsImmediately: false)
    let liveBootstrap = inner.bootstrap().isSynchronous
    feature.start()
    var wishes = 0
    var substituted = 0
    var insideAction = false
    for (index, step) in steps.enumerated() {
      clock.set(to: step.time)
      switch step.stage {
      case .created where index > 0:
        if let state = step.state {
          feature.travel(to: state)
          feature.continueFromTravelledState()
        }
      case .wish:
        if let wish = step.wish {
          feature.accept(.wish(wish))
          wishes += 1
        }
      case .action:
        insideAction = true
      case .actionHandled:
        insideAction = false
      case .effect where !insideAction:
        if let effect = step.effect, let action = step.action {
          feature.accept(.effect(effect, from: action))
          substituted += 1
        }
      case .bootstrapAction where !liveBootstrap:
        if let action = step.action {
          feature.accept(.bootstrapAction(action))
        }
      default:
        break
      }
    }
    let finalState = feature.state
    feature.dispose()
    let recorded = steps.compactMap { step -> Outcome<Definition>? in
      switch step.stage {
      case .state: step.state.map { .state($0, number: step.number) }
      case .news: step.news.map { .news($0, number: step.number) }
      default: nil
      }
    }
    let replayed = collector.outcomes.withLock { $0 }
    let nextNumber = (steps.last?.number ?? header.droppedSteps - 1) + 1
    return ReplayResult(
      divergence: Self.firstDivergence(recorded, replayed, end: nextNumber), wishes: wishes,
      substitutedEffects: substituted, comparedSteps: recorded.count, finalState: finalState)
  }

  private static func firstDivergence(
    _ recorded: [Outcome<Definition>], _ replayed: [Outcome<Definition>], end: Int
  ) -> ReplayDivergence? {
    for index in 0..<max(recorded.count, replayed.count) {
      let expected = index < recorded.count ? recorded[index] : nil
      let actual = index < replayed.count ? replayed[index] : nil
      switch (expected, actual) {
      case (.state(let old, let number), .state(let new, _)) where old != new:
        return ReplayDivergence(
          step: number, subject: "state", diff: lineDiff(dumped(old), dumped(new)))
      case (.news(let old, let number), .news(let new, _)) where old != new:
        return ReplayDivergence(
          step: number, subject: "news", diff: lineDiff(dumped(old), dumped(new)))
      case (.state(let old, let number), .news(let new, _)):
        return ReplayDivergence(
          step: number, subject: "state",
          diff: dumped(old).map { "- " + $0 } + dumped(new).map { "+ news: " + $0 })
      case (.news(let old, let number), .state(let new, _)):
        return ReplayDivergence(
          step: number, subject: "news",
          diff: dumped(old).map { "- " + $0 } + dumped(new).map { "+ state: " + $0 })
      case (.some(let old), nil):
        return ReplayDivergence(
          step: old.number, subject: old.subject,
          diff: old.lines.map { "- " + $0 } + ["+ (nothing: the replay stopped before)"])
      case (nil, .some(let new)):
        return ReplayDivergence(
          step: end, subject: new.subject,
          diff: ["- (nothing: the recording ends)"] + new.lines.map { "+ " + $0 })
      default:
        continue
      }
    }
    return nil
  }
}

private func dumped(_ value: some Any) -> [String] {
  var text = ""
  dump(value, to: &text)
  var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  if lines.count == 1, let first = lines.first, first.hasPrefix("- ") {
    lines[0] = String(first.dropFirst(2))
  }
  return lines
}

/// A line diff (longest common subsequence): `- ` lines only in `old`, `+ ` only in `new`.
func lineDiff(_ old: [String], _ new: [String]) -> [String] {
  let rows = old.count
  let columns = new.count
  var lengths = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
  for row in stride(from: rows - 1, through: 0, by: -1) {
    for column in stride(from: columns - 1, through: 0, by: -1) {
      lengths[row][column] =
        old[row] == new[column]
        ? lengths[row + 1][column + 1] + 1
        : max(lengths[row + 1][column], lengths[row][column + 1])
    }
  }
  var result: [String] = []
  var row = 0
  var column = 0
  while row < rows || column < columns {
    if row < rows && column < columns && old[row] == new[column] {
      result.append("  " + old[row])
      row += 1
      column += 1
    } else if column < columns
      && (row == rows || lengths[row][column + 1] >= lengths[row + 1][column])
    {
      result.append("+ " + new[column])
      column += 1
    } else {
      result.append("- " + old[row])
      row += 1
    }
  }
  return result
}

private enum Outcome<Definition: FeatureDefinition>: Sendable {
  case state(Definition.State, number: Int)
  case news(Definition.News, number: Int)

  var number: Int {
    switch self {
    case .state(_, let number), .news(_, let number): number
    }
  }

  var subject: String {
    switch self {
    case .state: "state"
    case .news: "news"
    }
  }

  var lines: [String] {
    switch self {
    case .state(let state, _): dumped(state)
    case .news(let news, _): dumped(news)
    }
  }
}

private final class OutcomeCollector<Definition: FeatureDefinition>: FeatureInterceptor {
  let outcomes = LockedValue<[Outcome<Definition>]>([])

  func intercept<Seen: FeatureDefinition>(_ event: FeatureEvent<Seen>) {
    switch event.stage {
    case .state:
      if let state = event.state as? Definition.State {
        outcomes.withLock { $0.append(.state(state, number: 0)) }
      }
    case .news:
      if let news = event.news as? Definition.News {
        outcomes.withLock { $0.append(.news(news, number: 0)) }
      }
    default:
      break
    }
  }
}

/// What the replayed feature is fed: the recording's wishes, the results of its asynchronous
/// work, and the actions of an asynchronous Bootstrapper.
enum ReplayInput<Definition: FeatureDefinition>: Sendable {
  case wish(Definition.Wish)
  case effect(Definition.Effect, from: Definition.Action)
  case bootstrapAction(Definition.Action)
}

/// The replayed feature's actions: the feature's own, or a recorded effect to reduce.
enum ReplayAction<Definition: FeatureDefinition>: Sendable {
  case live(Definition.Action)
  case recorded(Definition.Effect, from: Definition.Action)

  var action: Definition.Action {
    switch self {
    case .live(let action), .recorded(_, let action): action
    }
  }
}

/// For each recorded action, in order: the effects reduced synchronously for it.
final class ReplayPlan<Definition: FeatureDefinition>: Sendable {
  private let entries: [[Definition.Effect]]
  private let position = LockedValue(0)

  init(_ steps: [RecordedStep<Definition>]) {
    var entries: [[Definition.Effect]] = []
    var current: [Definition.Effect]?
    for step in steps {
      switch step.stage {
      case .action:
        if let current { entries.append(current) }
        current = []
      case .effect:
        if current != nil, let effect = step.effect { current?.append(effect) }
      case .actionHandled:
        if let current { entries.append(current) }
        current = nil
      default:
        break
      }
    }
    if let current { entries.append(current) }
    self.entries = entries
  }

  /// The recorded synchronous effects of the next action.
  func next() -> [Definition.Effect] {
    position.withLock { position in
      defer { position += 1 }
      return position < entries.count ? entries[position] : []
    }
  }
}

struct ReplayingDefinition<Inner: FeatureDefinition>: FeatureDefinition {
  typealias Wish = ReplayInput<Inner>
  typealias Action = ReplayAction<Inner>
  typealias Effect = Inner.Effect
  typealias State = Inner.State
  typealias News = Inner.News

  let inner: Inner
  let plan: ReplayPlan<Inner>

  func wishToAction(_ wish: Wish) -> Action {
    switch wish {
    case .wish(let wish): .live(inner.wishToAction(wish))
    case .effect(let effect, let action): .recorded(effect, from: action)
    case .bootstrapAction(let action): .live(action)
    }
  }

  func act(_ state: State, _ action: Action) -> Effects<Effect> {
    switch action {
    case .recorded(let effect, _):
      return .just(effect)
    case .live(let action):
      let recorded = plan.next()
      let effects = inner.act(state, action)
      return effects.isSynchronous ? effects : .many(recorded)
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    inner.reduce(&state, effect)
  }

  func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News? {
    inner.publishNews(action.action, effect, state)
  }

  func postProcess(_ action: Action, _ effect: Effect, _ state: State) -> Action? {
    inner.postProcess(action.action, effect, state).map { .live($0) }
  }

  func bootstrap() -> Effects<Action> {
    let effects = inner.bootstrap()
    return effects.isSynchronous ? effects.map { .live($0) } : .none
  }

  func effect(for error: any Error, from action: Action) -> Effect? {
    inner.effect(for: error, from: action.action)
  }
}
