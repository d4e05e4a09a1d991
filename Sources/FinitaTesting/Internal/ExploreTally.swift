import Finita

/// What an exploration counts as it runs sequences: how many, their steps, and the coverage.
struct ExploreTally<Definition: FeatureDefinition> {
  private let stateKind: (Definition.State) -> String
  private var coverage = ExploreCoverage()
  private var names = KindNames()
  private(set) var sequences = 0
  private var steps = 0

  init(explorer: Explorer<Definition>) {
    stateKind = explorer.stateKind
    let initialKind = explorer.stateKind(explorer.initialState)
    coverage.addInitial(initialKind)
    // The default kind of a state that is not an enum is its type's name, the same for every
    // state: worked out once here, not by reflection at every state of every sequence.
    if explorer.hasDefaultStateKind,
      Mirror(reflecting: explorer.initialState).displayStyle != .enum
    {
      names.constantStateKind = initialKind
    }
  }

  /// Counts one sequence run.
  mutating func count(_ outcome: ExploreOutcome<Definition>) {
    sequences += 1
    steps += outcome.steps.count
    coverage.add(outcome, stateKind: stateKind, names: &names)
  }

  /// The report of what was counted.
  func report(failure: ExploreFailure<Definition>?, distinctStates: Int? = nil)
    -> ExploreReport<Definition>
  {
    ExploreReport(
      sequences: sequences, steps: steps, failure: failure, coverage: coverage,
      distinctStates: distinctStates)
  }
}
