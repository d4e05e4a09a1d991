import Finita

// Shrinking: from a failing sequence to a shortest one that breaks the same invariant.
extension Explorer {
  /// Drops steps (halves, then smaller chunks, then single steps), then simplifies the choices
  /// each step was made from (a smaller choice is a simpler wish, payload or duration), and
  /// repeats until neither helps. A candidate is kept when it breaks the same invariant; it is
  /// cut after the step where it broke.
  func shrink(
    _ outcome: ExploreOutcome<Definition>,
    violation: ExploreViolation,
    runner: ExploreRunner<Definition>
  ) async -> ExploreOutcome<Definition> {
    var best = outcome
    func attempt(_ choices: [[UInt64]]) async -> Bool {
      let candidate = await runner.replay(choices)
      guard candidate.violation?.invariant == violation.invariant else { return false }
      best = candidate
      return true
    }
    var improved = true
    while improved {
      improved = false
      // Drop chunks of steps, largest first.
      var size = max(best.steps.count / 2, 1)
      while size >= 1 {
        var start = 0
        while start + size <= best.steps.count {
          var choices = best.steps.map(\.choices)
          choices.removeSubrange(start..<start + size)
          if await attempt(choices) {
            improved = true
          } else {
            start += 1
          }
        }
        size /= 2
      }
      // Simplify each choice: the smallest value that still fails.
      for stepIndex in best.steps.indices {
        var choiceIndex = 0
        while stepIndex < best.steps.count && choiceIndex < best.steps[stepIndex].choices.count {
          let value = best.steps[stepIndex].choices[choiceIndex]
          for simpler in Self.simplerChoices(than: value) {
            var choices = best.steps.map(\.choices)
            choices[stepIndex][choiceIndex] = simpler
            if await attempt(choices) {
              improved = true
              break
            }
          }
          choiceIndex += 1
        }
      }
    }
    return best
  }

  /// Smaller choices to try instead of `value`, simplest first: the small numbers (which pick
  /// the first alternatives), then halves.
  static func simplerChoices(than value: UInt64) -> [UInt64] {
    var candidates = Array(0..<min(value, 8))
    var half = value / 2
    while half >= 8 {
      candidates.append(half)
      half /= 2
    }
    return candidates
  }
}
