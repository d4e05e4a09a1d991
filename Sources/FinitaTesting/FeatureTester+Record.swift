import Finita

// What the tester keeps between steps, fed by the feature's trace.
extension FeatureTester {
  /// An effect delivered by asynchronous work, with the states before and after its reduction.
  struct Received {
    let effect: Effect
    let before: State
    let after: State
  }

  /// The feature's current state, the states of the step in progress, and the effects and news
  /// not asserted yet.
  struct Record {
    var current: State
    var pendingEffect: Effect?
    var isStepping = false
    var stepStates: [State] = []
    var received: [Received] = []
    var news: [News] = []

    mutating func observe(_ event: FeatureTraceEvent<Definition>) {
      switch event {
      case .effect(let effect, _):
        pendingEffect = effect
      case .state(_, let state, _):
        if isStepping {
          stepStates.append(state)
        } else if let effect = pendingEffect {
          received.append(Received(effect: effect, before: current, after: state))
        }
        pendingEffect = nil
        current = state
      case .news(let news):
        self.news.append(news)
      default:
        break
      }
    }
  }

  /// What the test set, and whether it finished.
  struct Settings {
    var exhaustivity = Exhaustivity.on
    var isFinished = false
  }
}
