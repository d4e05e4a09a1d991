import Finita

/// Collects the tour's lines; written from the processing thread of each feature.
struct TourOutput {
  func title(_ text: String) {
    print(text)
    print(String(repeating: "=", count: text.count))
  }

  func section(_ text: String) {
    print("")
    print("## \(text)")
  }

  func note(_ text: String) {
    print("   \(text)")
  }

  /// The tour's last line: it ran to the end, and which sections it left out, if any. The CI
  /// reads it to tell a finished tour from one that stopped.
  ///
  /// - Parameters:
  ///   - leftOut: The names of the sections not run.
  ///   - command: The command that runs them.
  func end(leftOut: [String], command: String) {
    print("")
    if leftOut.isEmpty {
      print("End of the tour: every section ran.")
    } else {
      print(
        "End of the tour. Left out: \(leftOut.joined(separator: ", ")); to run them: \(command)")
    }
  }
}

/// Prints each stage of a feature's processing as one line, in order.
func tracePrinter<Definition: FeatureDefinition>(
  _ type: Definition.Type = Definition.self
) -> @Sendable (FeatureTraceEvent<Definition>) -> Void {
  { event in
    switch event {
    case .started: print("   start")
    case .wish(let wish): print("   wish    \(wish)")
    case .bootstrapAction(let action): print("   boot    \(action)")
    case .action(let action): print("   action  \(action)")
    case .effect(let effect, _): print("   effect  \(effect)")
    case .state(_, let state, _): print("   state   \(state)")
    case .news(let news): print("   news    \(news)")
    case .disposed: print("   disposed")
    default: break
    }
  }
}
