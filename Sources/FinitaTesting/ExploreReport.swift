import Finita

/// What an ``Explorer`` ran and found.
public struct ExploreReport<Definition: FeatureDefinition>: Sendable, CustomStringConvertible {
  /// The sequences run, the failing one included.
  public let sequences: Int
  /// The steps run in all of them (shrinking not counted).
  public let steps: Int
  /// The shrunk failure, when an invariant broke.
  public let failure: ExploreFailure<Definition>?
  /// Which wishes were sent and which kinds of state were reached.
  public let coverage: ExploreCoverage
  /// In exhaustive mode with a `Hashable` state, how many distinct states (with the work still
  /// running) were reached; `nil` otherwise.
  public let distinctStates: Int?

  init(
    sequences: Int, steps: Int, failure: ExploreFailure<Definition>?,
    coverage: ExploreCoverage, distinctStates: Int? = nil
  ) {
    self.sequences = sequences
    self.steps = steps
    self.failure = failure
    self.coverage = coverage
    self.distinctStates = distinctStates
  }

  /// A summary: the failure's trace if any, then the numbers and the coverage.
  public var description: String {
    var lines: [String] = []
    if let failure { lines.append(failure.description) }
    var summary = "Explored \(sequences) sequence(s), \(steps) step(s)"
    if let distinctStates { summary += ", \(distinctStates) distinct state(s)" }
    lines.append(summary + (failure == nil ? "; every invariant held." : "."))
    lines.append(coverage.description)
    return lines.joined(separator: "\n")
  }
}

/// A broken invariant and the shortest sequence found that breaks it.
public struct ExploreFailure<Definition: FeatureDefinition>: Sendable, CustomStringConvertible {
  /// The seed of the sequence that broke it first (`nil` in exhaustive mode): set
  /// `FINITA_EXPLORE_SEED` to it to run that sequence again.
  public let seed: UInt64?
  /// The invariant's name.
  public let invariant: String
  /// What its monitor said.
  public let message: String
  /// The steps of the sequence as first found.
  public let originalLength: Int
  /// The shrunk sequence.
  public let inputs: [ExploreInput<Definition.Wish>]
  /// The shrunk sequence, step by step, with what the feature did at each.
  public let trace: String
  /// A ``FeatureTester`` test that runs the shrunk sequence.
  public let testSource: String

  init(
    explorer: Explorer<Definition>, outcome: ExploreOutcome<Definition>, seed: UInt64?,
    originalLength: Int
  ) {
    let violation = outcome.violation!
    self.seed = seed
    self.invariant = violation.invariant
    self.message = violation.message
    self.originalLength = originalLength
    self.inputs = outcome.steps.map(\.input)
    self.trace = Self.trace(outcome, explorer: explorer)
    self.testSource = Self.testSource(outcome, explorer: explorer)
  }

  /// The headline, the trace, how to rerun, and the generated test.
  public var description: String {
    let steps = inputs.count == 1 ? "1 step" : "\(inputs.count) steps"
    var text = "Invariant \"\(invariant)\" broken: \(message).\n"
    text += "Shrunk to \(steps) from \(originalLength)"
    if let seed {
      let hex = "0x" + String(seed, radix: 16)
      text += "; seed \(hex) (rerun it alone with FINITA_EXPLORE_SEED=\(hex))"
    }
    text += ":\n\n\(trace)\n\nAs a test:\n\n\(testSource)"
    return text
  }

  static func trace(_ outcome: ExploreOutcome<Definition>, explorer: Explorer<Definition>)
    -> String
  {
    let dump = ValueDump(maxDepth: 3)
    var lines = ["   start: \(dump.line(of: explorer.initialState))"]
    func append(_ events: [ExploreEvent<Definition>]) {
      for event in events {
        switch event {
        case .effect(let effect): lines.append("        effect \(dump.line(of: effect))")
        case .state(_, let state): lines.append("        state  \(dump.line(of: state))")
        case .news(let news): lines.append("        news   \(dump.line(of: news))")
        case .wish, .advanced, .disposed: break
        }
      }
    }
    append(outcome.startEvents)
    for (index, step) in outcome.steps.enumerated() {
      let number = String(index + 1)
      let padded = String(repeating: " ", count: max(0, 3 - number.count)) + number
      lines.append("\(padded). \(describe(step.input))")
      append(outcome.events[index])
    }
    if let violation = outcome.violation {
      lines.append("   ✗ \(violation.invariant): \(violation.message)")
    }
    return lines.joined(separator: "\n")
  }

  static func describe(_ input: ExploreInput<Definition.Wish>) -> String {
    switch input {
    case .wish(let wish): "send \(ValueDump(maxDepth: 3).line(of: wish))"
    case .advance(let duration): "advance \(duration)"
    case .dispose: "dispose"
    case .completion(let completion): completion.description
    }
  }

  static func testSource(_ outcome: ExploreOutcome<Definition>, explorer: Explorer<Definition>)
    -> String
  {
    let source = explorer.testSource
    var lines = [
      "@Test func \(identifier(outcome.violation?.invariant ?? "explored"))() async {",
      "  let tester = FeatureTester(initialState: \(source.initialState)) { clock in",
      "    \(source.definition)",
      "  }",
      "  tester.exhaustivity = .off",
    ]
    lines += source.setUp.split(whereSeparator: \.isNewline).map { "  \($0)" }
    let completes = outcome.steps.contains { step in
      if case .completion = step.input { true } else { false }
    }
    if completes {
      lines.insert(
        contentsOf: [
          "  // The calls' outcomes are placeholders holding their descriptions: a description",
          "  // cannot always spell a value of the test's types. Fill them in.",
          "  let calls = \(source.calls)",
        ], at: 1)
    }
    for step in outcome.steps {
      switch step.input {
      case .wish(let wish): lines.append("  await tester.send(\(swiftLiteral(wish)))")
      case .advance(let duration):
        lines.append("  await tester.advance(by: \(swiftLiteral(duration)))")
      case .dispose: lines.append("  tester.feature.dispose()")
      case .completion(let completion):
        guard let outcome = completion.outcome, completion.request != nil else {
          lines.append("  // No call was in flight to complete here.")
          continue
        }
        // A response or an error is a value of the test's own types, which a description
        // cannot always spell: the line names it, and the test fills it in.
        lines.append("  // \(completion)")
        // The work a step starts runs after it: settling lets it reach its calls.
        lines.append("  await tester.skipUnasserted()")
        lines.append(
          "  calls.complete(\(completion.call), with: <#.\(outcome)#>)")
        lines.append("  await tester.skipUnasserted()")
      }
    }
    if let violation = outcome.violation {
      lines.append("  // Broken here: \(violation.invariant): \(violation.message)")
      lines.append("  // State now: \(ValueDump(maxDepth: 3).line(of: outcome.finalState))")
    }
    lines.append("  await tester.finish()")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A camel-case Swift identifier from an invariant's name.
  static func identifier(_ name: String) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "explored" }
    let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let joined = ([first.prefix(1).lowercased() + first.dropFirst()] + rest).joined()
    return joined.first?.isNumber == true ? "_" + joined : joined
  }

  /// An enum case as `.name(payload)`, any other value as its description.
  static func swiftLiteral(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum { return "." + String(describing: value) }
    return String(reflecting: value)
  }

  static func swiftLiteral(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let perMillisecond: Int64 = 1_000_000_000_000_000
    if attoseconds % perMillisecond == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / perMillisecond))"
    }
    return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
  }
}

/// Which wishes an exploration sent and which kinds of state it reached, with how often.
public struct ExploreCoverage: Sendable, CustomStringConvertible {
  /// Each wish's case name, with the number of times it was sent.
  public private(set) var wishes: [String: Int] = [:]
  /// Each kind of state (see ``Explorer/stateKind``), with the number of times it was reached.
  public private(set) var stateKinds: [String: Int] = [:]

  /// Counts the wishes and state kinds of a sequence; `names` keeps the kind names already
  /// worked out, as naming a case takes reflection, too slow for every step of thousands of
  /// sequences.
  mutating func add<Definition: FeatureDefinition>(
    _ outcome: ExploreOutcome<Definition>, stateKind: (Definition.State) -> String,
    names: inout KindNames
  ) {
    for events in [outcome.startEvents] + outcome.events {
      for event in events {
        switch event {
        case .wish(let wish):
          wishes[names.wish(wish), default: 0] += 1
        case .state(_, let state):
          stateKinds[names.state(state, stateKind), default: 0] += 1
        default: break
        }
      }
    }
  }

  mutating func addInitial(_ kind: String) {
    stateKinds[kind, default: 0] += 1
  }

  /// The wishes and the state kinds, most frequent first.
  public var description: String {
    func list(_ counts: [String: Int]) -> String {
      counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        .map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
    return "Coverage: wishes sent: \(list(wishes)); states reached: \(list(stateKinds))."
  }
}

/// A cache of kind names by value: by hash for the values that are `Hashable`, by a short
/// list for the values that are only `Equatable`; reflection for the others.
struct KindNames {
  private var wishes = NameCache()
  private var states = NameCache()
  /// The kind of every state, when it does not depend on the state.
  var constantStateKind: String?

  mutating func wish<Wish>(_ wish: Wish) -> String {
    wishes.name(of: wish) { caseName(of: $0) }
  }

  mutating func state<State>(_ state: State, _ kind: (State) -> String) -> String {
    if let constantStateKind { return constantStateKind }
    return states.name(of: state, kind)
  }
}

/// Names of the values of one type, kept so that each distinct value is named once.
private struct NameCache {
  private enum Keying {
    case unknown
    case hashable
    case equatable
    case none
  }

  private var keying = Keying.unknown
  private var byHash: [AnyHashable: String] = [:]
  private var byEquality: [(value: any Equatable, name: String)] = []

  mutating func name<Value>(of value: Value, _ make: (Value) -> String) -> String {
    if keying == .unknown {
      // Whether the type is Hashable or Equatable, looked up once, not at every value.
      keying =
        Value.self is any Hashable.Type
        ? .hashable : Value.self is any Equatable.Type ? .equatable : .none
    }
    switch keying {
    case .hashable:
      let key = value as! AnyHashable
      if let name = byHash[key] { return name }
      let name = make(value)
      if byHash.count < 1_024 { byHash[key] = name }
      return name
    case .equatable:
      let equatable = value as! any Equatable
      for entry in byEquality where Self.equal(entry.value, equatable) { return entry.name }
      let name = make(value)
      if byEquality.count < 32 { byEquality.append((equatable, name)) }
      return name
    case .unknown, .none:
      return make(value)
    }
  }

  private static func equal(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
    func equal<Value: Equatable>(_ lhs: Value) -> Bool { (rhs as? Value) == lhs }
    return equal(lhs)
  }
}
