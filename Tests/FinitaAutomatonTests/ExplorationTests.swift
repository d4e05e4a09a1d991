import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Exploration for model-based testing")
struct ExplorationTests {
  @Test("shortest event sequences reach every state, in breadth-first order")
  func shortestPaths() {
    let explorer = AutomatonExplorer(CDPlayer.automaton)
    let paths = explorer.shortestPaths()
    #expect(paths.map(\.end) == [.empty, .open, .stopped, .playing, .paused])
    #expect(
      paths.map(\.kinds) == [
        [], [.openClose], [.cdDetected], [.cdDetected, .play], [.cdDetected, .play, .pause],
      ])
    #expect(
      explorer.shortestPath(to: .paused)?.description
        == "empty -cdDetected-> stopped -play-> playing -pause-> paused")
  }

  @Test("guarded transitions are explored with sample events of each kind")
  func samplesForGuards() {
    let explorer = AutomatonExplorer(ParkingMeter.automaton(fee: 300)) { kind in
      switch kind {
      case .enterPlate: [.enterPlate("A 123 BC")]
      case .insert: [.insert(amount: 100), .insert(amount: 500)]
      case .leave: [.leave]
      }
    }
    #expect(
      explorer.shortestPath(to: .paid)?.events == [
        .enterPlate("A 123 BC"), .insert(amount: 500),
      ])
    let cover = explorer.transitionCover()
    #expect(cover.uncovered.isEmpty)
    #expect(cover.coveredCount == 4)
  }

  @Test("without a sample that satisfies a guard, the transition is reported as uncovered")
  func uncoveredGuards() {
    let explorer = AutomatonExplorer(
      ParkingMeter.automaton(fee: 300), samples: [.enterPlate("X"), .insert(amount: 10), .leave])
    let cover = explorer.transitionCover()
    #expect(cover.uncovered.map(\.guardName) == ["enough", nil])
    #expect(cover.coveredCount == 2)
  }

  @Test("simple paths between two states visit no state twice and respect the limit")
  func simplePaths() {
    let explorer = AutomatonExplorer(CDPlayer.automaton)
    let paths = explorer.simplePaths(from: .stopped, to: .open)
    #expect(
      paths.map(\.kinds) == [
        [.openClose], [.play, .openClose], [.play, .pause, .openClose],
      ])
    for path in paths {
      #expect(Set(path.states + [path.start]).count == path.states.count + 1)
    }
    #expect(explorer.simplePaths(from: .stopped, to: .open, limit: 2).count == 2)
    #expect(explorer.simplePaths(from: .open, to: .open).map(\.events) == [[]])
    #expect(explorer.simplePaths(from: .open, to: .open, limit: 0).isEmpty)
  }

  @Test("the transition cover takes every transition, and replaying it passes through its states")
  func transitionCoverReplays() throws {
    for automaton in [CDPlayer.automaton] {
      let cover = AutomatonExplorer(automaton).transitionCover()
      #expect(cover.uncovered.isEmpty)
      #expect(cover.coveredCount == automaton.transitions.count)
      var taken = Set<String>()
      for path in cover.paths {
        var machine = try AutomatonMachine(automaton, undefinedEvents: .throw)
        let steps = try machine.run(path.events)
        #expect(steps.map(\.state) == path.states)
        var state = path.start
        for event in path.events {
          let match = try #require(automaton.match(from: state, by: event))
          taken.insert("\(match.from) \(match.transition.kind) \(match.to)")
          state = match.to
        }
      }
      #expect(taken.count == automaton.transitions.count)
      // The greedy walk stays short: at most twice the number of transitions here.
      #expect(cover.length <= 2 * automaton.transitions.count)
    }
  }

  @Test("the signup flow is covered with one sample per event kind")
  func signupCover() {
    let explorer = AutomatonExplorer(SignupFlow.mealyAutomaton, samples: SignupFlow.samples)
    let cover = explorer.transitionCover()
    #expect(cover.uncovered.isEmpty)
    #expect(cover.coveredCount == SignupFlow.mealyAutomaton.transitions.count)
    #expect(explorer.shortestPaths().count == SignupScreen.allCases.count)
  }

  @Test("an explorer without a start finds nothing")
  func noStart() {
    let machine = Automaton<String, String, Never>(
      initialState: nil, transitions: [Transition(from: "a", to: "b", by: "x")])
    let explorer = AutomatonExplorer(machine, samples: ["x"])
    #expect(explorer.shortestPaths().isEmpty)
    #expect(explorer.transitionCover().paths.isEmpty)
    #expect(explorer.transitionCover().uncovered.count == 1)
  }
}
