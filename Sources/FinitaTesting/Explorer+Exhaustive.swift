import Finita

// The bounded exhaustive mode: every sequence of a small alphabet up to a length.
extension Explorer {
  /// Runs every sequence of `alphabet` up to `depth` steps, shortest first, and stops at the
  /// first that breaks an invariant (a shortest one, by construction); records nothing.
  ///
  /// With a state that is not `Hashable` every sequence runs: `alphabet.count` to the power
  /// `depth` of them at the last length. The `Hashable` overload runs far fewer.
  ///
  /// - Parameters:
  ///   - alphabet: The inputs to combine: a few wishes and outside events.
  ///   - depth: The longest sequence.
  /// - Returns: What was run, the coverage, and the failure, if any.
  public func exhaustive(_ alphabet: [ExploreInput<Wish>], depth: Int) async -> ExploreReport<
    Definition
  > {
    await exhaustive(alphabet, depth: depth, key: nil)
  }

  func exhaustive(
    _ alphabet: [ExploreInput<Wish>],
    depth: Int,
    key: ((ExploreOutcome<Definition>) -> AnyHashable)?
  ) async -> ExploreReport<Definition> {
    let runner = ExploreRunner(explorer: self)
    var tally = ExploreTally(explorer: self)
    let start = await runner.run(inputs: [])
    var seen: Set<AnyHashable> = []
    if let key { seen.insert(key(start)) }
    var frontier: [[ExploreInput<Wish>]] = [[]]
    for _ in 0..<max(depth, 0) {
      var next: [[ExploreInput<Wish>]] = []
      for prefix in frontier {
        for input in alphabet {
          let outcome = await runner.run(inputs: prefix + [input])
          tally.count(outcome)
          if outcome.violation != nil {
            let failure = ExploreFailure(
              explorer: self, outcome: outcome, seed: nil, originalLength: outcome.steps.count)
            return tally.report(failure: failure, distinctStates: key == nil ? nil : seen.count)
          }
          if let key, !seen.insert(key(outcome)).inserted { continue }
          next.append(prefix + [input])
        }
      }
      frontier = next
    }
    return tally.report(failure: nil, distinctStates: key == nil ? nil : seen.count)
  }
}

extension Explorer where Definition.State: Hashable {
  /// Runs every sequence of `alphabet` up to `depth` steps, shortest first, extending only the
  /// sequences that reach a situation not seen before, and stops at the first that breaks an
  /// invariant (a shortest one); records nothing.
  ///
  /// A situation is the state with the asynchronous work still running and the time until the
  /// clock's next timer: two sequences that reach the same one behave the same from there on,
  /// as far as the feature's own work goes (a test double that keeps its own counts may still
  /// tell them apart). The report gives the number of distinct situations reached in
  /// ``ExploreReport/distinctStates``.
  ///
  /// - Parameters:
  ///   - alphabet: The inputs to combine: a few wishes and outside events.
  ///   - depth: The longest sequence.
  /// - Returns: What was run, the coverage, the distinct states, and the failure, if any.
  public func exhaustive(_ alphabet: [ExploreInput<Wish>], depth: Int) async -> ExploreReport<
    Definition
  > {
    await exhaustive(alphabet, depth: depth) { outcome in
      AnyHashable(
        Situation(
          state: outcome.finalState, work: outcome.pendingWork, nextWake: outcome.nextWake,
          disposed: outcome.isDisposed))
    }
  }
}

/// What tells two explored runs apart, for the exhaustive mode's deduplication.
private struct Situation<State: Hashable>: Hashable {
  var state: State
  var work: [String]
  var nextWake: Duration?
  var disposed: Bool
}
