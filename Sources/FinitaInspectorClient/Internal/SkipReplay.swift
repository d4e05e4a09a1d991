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
      /// The step is a state stage whose effect is not an action: a store's undo, redo, jump
      /// or restore, which only the reducer of actions can be replayed around.
      case notAnAction(step: Int)
      /// The step is older than what the log keeps; `oldest` is the first one it keeps, `nil`
      /// when it keeps none.
      case notKept(step: Int, oldest: Int?)
      /// No stage of the feature has this number (yet); `newest` is the newest one.
      case notAStep(step: Int, newest: Int?)
      /// The client keeps no log of the feature: no interceptor saw it, or the client stopped.
      case noLog(owner: String)
      /// The state was replaced after the step (a travel continued from, or a state loaded):
      /// the states after the jump do not follow from those before it.
      case jumpAfter(step: Int, jump: Int)

      var description: String {
        switch self {
        case .notAnEffect(let step):
          "Step #\(step) is not a state step: only effects, which the reducer takes, can be"
            + " skipped."
        case .notAnAction(let step):
          "Step #\(step) is not an action's: only dispatched actions can be skipped, not undo,"
            + " redo, a jump in the store's history or a restored state."
        case .notKept(let step, let oldest):
          "Step #\(step) is no longer kept by the app"
            + (oldest.map { ": its log keeps the steps from #\($0) on." } ?? ": its log is empty.")
        case .notAStep(let step, let newest):
          "Step #\(step) is not one of the feature's steps"
            + (newest.map { ": its newest is #\($0)." } ?? ".")
        case .noLog(let owner):
          "The inspector's client keeps no log of \(owner) (it was not seen by the client's"
            + " interceptor, or the client stopped), so there is nothing to recompute from."
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
    ///   - skippable: Whether an effect may be left out (a store's actions may, its undo may
    ///     not); every effect by default.
    ///   - reduce: The reducer the states are worked out again with.
    /// - Returns: The recomputed states, or `nil` when neither set has a step.
    static func recompute<Definition: FeatureDefinition>(
      _ entries: [FeatureEventLog<Definition>.Entry], skipping: Set<Int>,
      previous: Set<Int> = [], jumps: [Int],
      skippable: (Definition.Effect) -> Bool = { _ in true },
      reduce: (inout Definition.State, Definition.Effect) -> Void
    ) throws(Problem) -> Outcome<Definition.State>? {
      let touched = skipping.union(previous)
      guard let first = touched.min() else { return nil }
      // The entries are in the order of their numbers: the recomputation starts at the first
      // touched one, and every touched one is at or after it.
      let start = entries.firstIndex { $0.number >= first }
      guard let start, entries[start].number == first else {
        if let oldest = entries.first?.number, first > oldest || first < 0 {
          throw .notAStep(step: first, newest: entries.last?.number)
        }
        throw .notKept(step: first, oldest: entries.first?.number)
      }
      let later = entries[start...]
      var found = Set<Int>()
      for entry in later where touched.contains(entry.number) {
        guard entry.values.stage == .state else { throw .notAnEffect(step: entry.number) }
        if skipping.contains(entry.number), let effect = entry.values.effect, !skippable(effect) {
          throw .notAnAction(step: entry.number)
        }
        found.insert(entry.number)
      }
      if let missing = touched.subtracting(found).min() {
        throw .notAStep(step: missing, newest: entries.last?.number)
      }
      if let jump = jumps.filter({ $0 >= first }).min() {
        throw .jumpAfter(step: first, jump: jump)
      }
      guard var state = entries[start].values.previousState else {
        throw .notAnEffect(step: first)
      }
      var states: [(step: Int, state: Definition.State)] = []
      for entry in later where entry.values.stage == .state {
        if !skipping.contains(entry.number), let effect = entry.values.effect {
          reduce(&state, effect)
        }
        states.append((entry.number, state))
      }
      return Outcome(states: states, final: state)
    }
  }
#endif  // Inspector
