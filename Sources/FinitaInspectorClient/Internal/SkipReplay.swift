#if Inspector
  import Finita
  import FinitaEventLog

  /// A feature's history with some of its effects left out: what Redux DevTools' "skip action"
  /// is for a feature, whose reducer takes effects.
  ///
  /// The states are worked out again from the state before the first skipped effect, by
  /// reducing every later effect the log keeps except the skipped ones. Nothing else runs: no
  /// Actor, no work, no news; the reducer is pure, so the states are what they would have been
  /// had those effects not happened.
  enum SkipReplay {
    /// The recomputed history: the new state after each `state` stage from the first skipped
    /// one on (a skipped stage keeps the state before it), and the state the last one leaves.
    struct Outcome<State: Sendable>: Sendable {
      let states: [(step: Int, state: State)]
      let final: State
    }

    /// Why a skip cannot be worked out.
    enum Problem: Error, Equatable, CustomStringConvertible {
      /// The step is kept, but it is not a state stage: only effects (reduced into states) can
      /// be left out.
      case notAnEffect(step: Int)
      /// The step is older than what the log keeps.
      case notKept(step: Int, oldest: Int?)
      /// The state was replaced after the step (a travel continued from, or a state loaded):
      /// the states after the jump do not follow from those before it.
      case jumpAfter(step: Int, jump: Int)

      var description: String {
        switch self {
        case .notAnEffect(let step):
          "Step #\(step) is not a state step: only effects, which the reducer takes, can be"
            + " skipped."
        case .notKept(let step, let oldest):
          "Step #\(step) is no longer kept by the app"
            + (oldest.map { ": its log keeps the steps from #\($0) on." } ?? ".")
        case .jumpAfter(let step, let jump):
          "The state was replaced at step #\(jump), after step #\(step): the states after the"
            + " jump do not follow from those before it, so they cannot be recomputed without"
            + " it."
        }
      }
    }

    /// Recomputes the states after leaving out the effects of `skipping`.
    ///
    /// - Parameters:
    ///   - entries: The log's stages, oldest first.
    ///   - skipping: The numbers of the `state` stages whose effects are left out.
    ///   - previous: The steps the last skip left out: the states are worked out again from the
    ///     first of both, so that a step no longer skipped counts again.
    ///   - jumps: The numbers after which the state was replaced by a jump the user made.
    ///   - reduce: The definition's reducer.
    /// - Returns: The recomputed states, or `nil` when neither set has a step.
    static func recompute<Definition: FeatureDefinition>(
      _ entries: [FeatureEventLog<Definition>.Entry], skipping: Set<Int>,
      previous: Set<Int> = [], jumps: [Int],
      reduce: (inout Definition.State, Definition.Effect) -> Void
    ) throws(Problem) -> Outcome<Definition.State>? {
      let touched = skipping.union(previous)
      guard let first = touched.min() else { return nil }
      let byNumber = Dictionary(entries.map { ($0.number, $0) }) { older, _ in older }
      for step in touched.sorted() {
        guard let entry = byNumber[step] else {
          throw .notKept(step: step, oldest: entries.first?.number)
        }
        guard entry.values.stage == .state else { throw .notAnEffect(step: step) }
      }
      if let jump = jumps.sorted().first(where: { $0 >= first }) {
        throw .jumpAfter(step: first, jump: jump)
      }
      guard var state = byNumber[first]?.values.previousState else {
        throw .notAnEffect(step: first)
      }
      var states: [(step: Int, state: Definition.State)] = []
      for entry in entries where entry.number >= first && entry.values.stage == .state {
        if !skipping.contains(entry.number), let effect = entry.values.effect {
          reduce(&state, effect)
        }
        states.append((entry.number, state))
      }
      return Outcome(states: states, final: state)
    }
  }
#endif  // Inspector
