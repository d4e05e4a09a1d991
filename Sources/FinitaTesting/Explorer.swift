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
  public var stateKind: @Sendable (State) -> String = { caseName(of: $0) }
  /// How the generated test spells the initial state and the definition.
  public var testSource = ExploreTestSource()
  let makeDefinition: @Sendable (VirtualClock) -> Definition

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
    var weighted: [(weight: Int, generator: Gen<ExploreInput<Wish>>)] = [
      (4, wishes.map { .wish($0) })
    ]
    for event in outside {
      switch event.kind {
      case .advance(let durations):
        weighted.append((event.weight, Gen.element(of: durations).map { .advance($0) }))
      case .dispose:
        weighted.append((event.weight, .constant(.dispose)))
      }
    }
    self.initialState = initialState
    self.inputs = .frequency(weighted)
    self.invariants = invariants
    self.makeDefinition = definition
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
    var coverage = ExploreCoverage()
    coverage.addInitial(stateKind(initialState))
    var names = KindNames()
    var sequences = 0
    var stepsRun = 0
    let started = ContinuousClock.now
    for sequenceSeed in seeds {
      if budget.isSpent(sequences: sequences, since: started) { break }
      let outcome = await runner.run(seed: sequenceSeed, count: steps)
      sequences += 1
      stepsRun += outcome.steps.count
      coverage.add(outcome, stateKind: stateKind, names: &names)
      if let violation = outcome.violation {
        let shrunk = await shrink(outcome, violation: violation, runner: runner)
        let failure = ExploreFailure(
          explorer: self, outcome: shrunk, seed: sequenceSeed, originalLength: outcome.steps.count)
        return ExploreReport(
          sequences: sequences, steps: stepsRun, failure: failure, coverage: coverage)
      }
    }
    return ExploreReport(sequences: sequences, steps: stepsRun, failure: nil, coverage: coverage)
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

/// How a generated ``FeatureTester`` test spells what it cannot know from values alone.
public struct ExploreTestSource: Sendable {
  /// The Swift expression of the initial state.
  public var initialState: String
  /// The Swift expression of the definition, which may use `clock`.
  public var definition: String

  /// Creates the spelling; Xcode placeholders by default.
  ///
  /// - Parameters:
  ///   - initialState: The Swift expression of the initial state.
  ///   - definition: The Swift expression of the definition, which may use `clock`.
  public init(
    initialState: String = "<#initial state#>", definition: String = "<#definition#>"
  ) {
    self.initialState = initialState
    self.definition = definition
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
