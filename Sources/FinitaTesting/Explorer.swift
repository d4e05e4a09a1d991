import Finita
import Foundation

/// Explores a feature on its own: runs many random sequences of wishes and outside events under
/// virtual time, checks invariants on everything the feature does, and hands back the shortest
/// failing sequence it can find as a readable trace and as a ready ``FeatureTester`` test.
///
/// ```swift
/// @Test func paginatorKeepsItsPromises() async {
///   let explorer = Explorer(
///     initialState: PaginationState(),
///     wishes: .one(of: [Gen.bool.map { .load(isNextPage: $0) }, .constant(.refresh)]),
///     invariants: [
///       .always("a first-page error has no content") { $0.loadingError == nil || $0.paginationItems == nil }
///     ]
///   ) { clock in
///     Paginator(source: InMemoryPageSource(catalog: .seeded(itemCount: 12, pageSize: 5), latency: .seconds(1), clock: clock))
///   }
///   await explorer.explore(budget: .sequences(1_000))  // records an issue with the shrunk trace
/// }
/// ```
///
/// Each sequence is deterministic from its seed: a fresh ``VirtualClock`` and definition, its
/// wishes sent with the feature's work held, and every step settled (all work suspended) before
/// the next, as ``FeatureTester`` does. The report names the failing sequence's seed; run the
/// tests with `FINITA_EXPLORE_SEED` set to it to run exactly that sequence again (every
/// explorer in the process then runs only that seed).
public struct Explorer<Definition: FeatureDefinition>: Sendable {
  /// The feature's public input.
  public typealias Wish = Definition.Wish
  /// The feature's state.
  public typealias State = Definition.State

  /// The state each sequence starts from.
  public let initialState: State
  /// The generator of each step: a wish or an outside event.
  public var inputs: Gen<ExploreInput<Wish>>
  /// What must hold in every sequence.
  public var invariants: [ExploreInvariant<Definition>]
  /// How many steps each random sequence has; 20 by default.
  public var steps = 20
  /// The name of a state's kind, for the coverage: the case of an enum by default, else the
  /// type's name. Set it for a struct state (the case of its main property, say).
  public var stateKind: @Sendable (State) -> String = { caseName(of: $0) } {
    didSet { hasDefaultStateKind = false }
  }
  /// Whether ``stateKind`` is the default one, which names a state that is not an enum by its
  /// type alone: then the coverage names it once, not at every state.
  private(set) var hasDefaultStateKind = true
  /// How the generated test spells the initial state and the definition.
  public var testSource = ExploreTestSource()
  /// Called with each sequence's feature after it is made and before it starts: for a
  /// definition whose work must reach its own feature. FinitaRedux's `StoreFeature` connects
  /// its middleware and thunks here:
  ///
  /// ```swift
  /// explorer.willStart = { feature in feature.definition.connect(to: feature) }
  /// ```
  public var willStart: @Sendable (Feature<Definition>) -> Void = { _ in }
  /// Builds a sequence's definition, and its calls when the explorer answers calls.
  let makeSequence: @Sendable (VirtualClock) -> (Definition, (any ExploreCallDriver)?)

  /// Creates an explorer.
  ///
  /// - Parameters:
  ///   - initialState: The state each sequence starts from.
  ///   - wishes: The generator of wishes, from the Wish type's cases and payload generators.
  ///   - outside: Events from outside mixed in with the wishes (the wishes weigh `4`); by
  ///     default time passes by 100 ms, 1 s or 10 s. Add ``ExploreOutsideEvent/dispose(weight:)``
  ///     to dispose the feature in the middle of things.
  ///   - invariants: What must hold in every sequence.
  ///   - definition: Builds the definition with each sequence's virtual clock; a fresh one, with
  ///     fresh test doubles, for each sequence.
  public init(
    initialState: State,
    wishes: Gen<Wish>,
    outside: [ExploreOutsideEvent] = [
      .advance(by: [.milliseconds(100), .seconds(1), .seconds(10)])
    ],
    invariants: [ExploreInvariant<Definition>],
    definition: @escaping @Sendable (VirtualClock) -> Definition
  ) {
    self.initialState = initialState
    self.inputs = Self.inputs(wishes: wishes, outside: outside, completionWeight: 0)
    self.invariants = invariants
    self.makeSequence = { clock in (definition(clock), nil) }
  }

  /// Creates an explorer of a feature whose asynchronous work calls a service the explorer
  /// answers: each sequence gets fresh ``PendingCalls``, and its steps complete the calls in
  /// flight in any order, with outcomes drawn from `outcomes`.
  ///
  /// ```swift
  /// let explorer = Explorer(
  ///   initialState: SearchState(), wishes: .element(of: ["a", "ab"]).map { .search($0) },
  ///   outcomes: { (query: String) in .constant(.success([query + "c"])) },
  ///   invariants: [.always("results answer the query shown") { $0.resultsQuery == $0.query }]
  /// ) { clock, search in
  ///   SearchFeature(search: search.call)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state each sequence starts from.
  ///   - wishes: The generator of wishes, from the Wish type's cases and payload generators.
  ///   - outside: Events from outside mixed in with the wishes and completions (the wishes
  ///     weigh `4`); by default time passes by 100 ms, 1 s or 10 s.
  ///   - outcomes: The generator of a call's outcome, given its request: a response, or an
  ///     error; its simplest outcome first.
  ///   - completionWeight: How often a step completes a call, against the wishes' weight of
  ///     `4`; a step with no call in flight does nothing.
  ///   - invariants: What must hold in every sequence.
  ///   - definition: Builds the definition with each sequence's virtual clock and calls; a
  ///     fresh one, with fresh test doubles, for each sequence.
  public init<Request: Sendable, Response: Sendable>(
    initialState: State,
    wishes: Gen<Wish>,
    outside: [ExploreOutsideEvent] = [
      .advance(by: [.milliseconds(100), .seconds(1), .seconds(10)])
    ],
    outcomes: @escaping @Sendable (Request) -> Gen<Result<Response, any Error>>,
    completionWeight: Int = 3,
    invariants: [ExploreInvariant<Definition>],
    definition: @escaping @Sendable (VirtualClock, PendingCalls<Request, Response>) -> Definition
  ) {
    self.initialState = initialState
    self.inputs = Self.inputs(
      wishes: wishes, outside: outside, completionWeight: completionWeight)
    self.invariants = invariants
    self.makeSequence = { clock in
      let calls = PendingCalls<Request, Response>()
      return (definition(clock, calls), ExploreCalls(calls: calls, outcomes: outcomes))
    }
  }

  private static func inputs(
    wishes: Gen<Wish>, outside: [ExploreOutsideEvent], completionWeight: Int
  ) -> Gen<ExploreInput<Wish>> {
    var weighted: [(weight: Int, generator: Gen<ExploreInput<Wish>>)] = [
      (4, wishes.map { .wish($0) })
    ]
    if completionWeight > 0 {
      // The call is picked among those in flight when the step runs, and its outcome drawn
      // then, from the same choices.
      weighted.append(
        (
          completionWeight,
          Gen { random in .completion(ExploreCompletion(call: random.next(below: 64))) }
        ))
    }
    for event in outside {
      switch event.kind {
      case .advance(let durations):
        weighted.append((event.weight, Gen.element(of: durations).map { .advance($0) }))
      case .dispose:
        weighted.append((event.weight, .constant(.dispose)))
      }
    }
    return .frequency(weighted)
  }

  /// Runs random sequences until the budget is spent or an invariant breaks, and shrinks the
  /// first failing sequence; records nothing.
  ///
  /// - Parameters:
  ///   - budget: How many sequences, or how long.
  ///   - seed: The exploration's seed: each sequence's seed is derived from it and its index.
  /// - Returns: What was run, the coverage, and the failure, if any.
  public func run(budget: ExploreBudget = .default, seed: UInt64 = 0) async -> ExploreReport<
    Definition
  > {
    if let only = Self.environmentSeed {
      return await run(seeds: [only], budget: .sequences(1))
    }
    let seeds = (0...).lazy.map { SplitMix64.sequenceSeed(base: seed, index: $0) }
    return await run(seeds: seeds, budget: budget)
  }

  /// Runs exactly one sequence, the one a failure's ``ExploreFailure/seed`` names, and shrinks
  /// it if it fails; records nothing. `FINITA_EXPLORE_SEED` does the same without a code change.
  ///
  /// - Parameter sequenceSeed: The seed of the sequence.
  /// - Returns: What was run, the coverage, and the failure, if any.
  public func run(sequenceSeed: UInt64) async -> ExploreReport<Definition> {
    await run(seeds: [sequenceSeed], budget: .sequences(1))
  }

  private func run(seeds: some Sequence<UInt64>, budget: ExploreBudget) async -> ExploreReport<
    Definition
  > {
    let runner = ExploreRunner(explorer: self)
    var tally = ExploreTally(explorer: self)
    let started = ContinuousClock.now
    for sequenceSeed in seeds {
      if budget.isSpent(sequences: tally.sequences, since: started) { break }
      let outcome = await runner.run(seed: sequenceSeed, count: steps)
      tally.count(outcome)
      if let violation = outcome.violation {
        let shrunk = await shrink(outcome, violation: violation, runner: runner)
        let failure = ExploreFailure(
          explorer: self, outcome: shrunk, seed: sequenceSeed, originalLength: outcome.steps.count)
        return tally.report(failure: failure)
      }
    }
    return tally.report(failure: nil)
  }

  /// Runs the given steps again in a fresh feature watched by an interceptor made on the
  /// sequence's clock: a `FeatureRecorder` from FinitaRecording, say, to hand a failure's
  /// shrunk sequence to a test or a bug report as a recording. Completions pick the same calls
  /// and outcomes as when the steps were found.
  ///
  /// ```swift
  /// let failure = try #require(await explorer.run().failure)
  /// let rerun = await explorer.rerun(failure.inputs) { clock in FeatureRecorder(clock: clock) }
  /// let recording = try #require(rerun.interceptor.recording(of: Search.self))
  /// try recording.jsonLines().write(to: url)
  /// ```
  ///
  /// - Parameters:
  ///   - inputs: The steps, as ``ExploreFailure/inputs`` gives them.
  ///   - interceptor: Makes the feature's interceptor with the sequence's clock.
  /// - Returns: The interceptor, and the invariant that broke, if any.
  public func rerun<Interceptor: FeatureInterceptor>(
    _ inputs: [ExploreInput<Wish>],
    intercepting interceptor: (VirtualClock) -> Interceptor
  ) async -> ExploreRerun<Interceptor> {
    let runner = ExploreRunner(explorer: self)
    let clock = VirtualClock()
    let made = interceptor(clock)
    runner.interceptors = [made]
    let outcome = await runner.run(inputs: inputs, clock: clock)
    return ExploreRerun(
      interceptor: made, invariant: outcome.violation?.invariant,
      message: outcome.violation?.message)
  }

  /// Explores as ``run(budget:seed:)`` does and fails the running test when an invariant
  /// breaks, with the shrunk trace and the generated test as the issue's message.
  ///
  /// - Parameters:
  ///   - budget: How many sequences, or how long.
  ///   - seed: The exploration's seed.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The report.
  @discardableResult
  public func explore(
    budget: ExploreBudget = .default,
    seed: UInt64 = 0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ExploreReport<Definition> {
    let report = await run(budget: budget, seed: seed)
    if let failure = report.failure {
      StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        .recordIssue(failure.description)
    }
    return report
  }

  /// The seed in `FINITA_EXPLORE_SEED`, decimal or `0x` hexadecimal, if set.
  static var environmentSeed: UInt64? {
    guard let text = ProcessInfo.processInfo.environment["FINITA_EXPLORE_SEED"] else {
      return nil
    }
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }
}

/// How much an ``Explorer`` runs before it stops looking.
public struct ExploreBudget: Sendable, Equatable {
  enum Kind: Equatable {
    case sequences(Int)
    case time(Duration)
  }

  let kind: Kind

  /// At most this many sequences.
  ///
  /// - Parameter count: The number of sequences.
  /// - Returns: The budget.
  public static func sequences(_ count: Int) -> Self { Self(kind: .sequences(count)) }

  /// Sequences until this much wall-clock time has passed (the number run then depends on the
  /// machine; prefer ``sequences(_:)`` where a test must be reproducible).
  ///
  /// - Parameter duration: How long to explore.
  /// - Returns: The budget.
  public static func time(_ duration: Duration) -> Self { Self(kind: .time(duration)) }

  /// 2,000 sequences.
  public static let `default` = sequences(2_000)

  func isSpent(sequences: Int, since started: ContinuousClock.Instant) -> Bool {
    switch kind {
    case .sequences(let count): sequences >= count
    case .time(let duration): started.duration(to: .now) >= duration
    }
  }
}

/// What ``Explorer/rerun(_:intercepting:)`` hands back.
public struct ExploreRerun<Interceptor: FeatureInterceptor>: Sendable {
  /// The interceptor that watched the run: a recorder holds its recording.
  public let interceptor: Interceptor
  /// The name of the invariant that broke, or `nil` when every invariant held.
  public let invariant: String?
  /// What its monitor said.
  public let message: String?
}

/// How a generated ``FeatureTester`` test spells what it cannot know from values alone.
public struct ExploreTestSource: Sendable {
  /// The Swift expression of the initial state.
  public var initialState: String
  /// The Swift expression of the definition, which may use `clock` (and `calls`).
  public var definition: String
  /// The Swift expression of the ``PendingCalls`` the definition uses, for a test whose
  /// steps complete calls.
  public var calls: String
  /// Swift statements run after the tester is made, before its steps (`tester` names it):
  /// what ``Explorer/willStart`` does, for the test. Empty by default.
  public var setUp: String

  /// Creates the spelling; Xcode placeholders by default.
  ///
  /// - Parameters:
  ///   - initialState: The Swift expression of the initial state.
  ///   - definition: The Swift expression of the definition, which may use `clock` and
  ///     `calls`.
  ///   - calls: The Swift expression of the calls.
  ///   - setUp: Swift statements run after the tester is made, before its steps.
  public init(
    initialState: String = "<#initial state#>", definition: String = "<#definition#>",
    calls: String = "PendingCalls<<#Request#>, <#Response#>>()", setUp: String = ""
  ) {
    self.initialState = initialState
    self.definition = definition
    self.calls = calls
    self.setUp = setUp
  }
}

/// The name of an enum value's case (`load` for `.load(isNextPage: true)`), or the name of
/// another value's type.
func caseName(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return ValueDump.typeName(type(of: value)) }
  if let label = mirror.children.first?.label { return label }
  let text = String(describing: value)
  return String(text.prefix { $0 != "(" })
}
