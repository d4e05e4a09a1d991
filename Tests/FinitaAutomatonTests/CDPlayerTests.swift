import FinitaAutomaton
import Testing

@Suite("CD player (Mealy machine with entry and exit actions)")
struct CDPlayerTests {
  @Test("every state × every event goes where Boost.MSM's table says, or is undefined")
  func matrix() {
    expectMatrix(
      CDPlayer.automaton,
      samples: CDEvent.allCases,
      expected: [
        .empty: [.openClose: .open, .cdDetected: .stopped],
        .open: [.openClose: .empty],
        .stopped: [.play: .playing, .openClose: .open, .stop: .stopped],
        .playing: [.stop: .stopped, .pause: .paused, .openClose: .open],
        .paused: [.endPause: .playing, .stop: .stopped, .openClose: .open],
      ]
    )
    #expect(CDPlayer.automaton.transitions.count == 12)
  }

  @Test("a session plays, pauses, resumes and ejects, emitting the player's actions")
  func session() throws {
    var machine = try AutomatonMachine(CDPlayer.automaton)
    let steps = try machine.run([.openClose, .openClose, .cdDetected, .play, .pause, .endPause])
    #expect(
      steps.map(\.output) == [
        .openDrawer, .closeDrawer, .storeCDInfo, .startPlayback,
        .pausePlayback, .resumePlayback,
      ])
    #expect(machine.state == .playing)
    #expect(
      try machine.step(.openClose)
        == .transitioned(
          from: .playing, to: .open,
          output: .stopAndOpen))
  }

  @Test("send runs exit then entry actions; internal transitions and step run none")
  func entryAndExitActions() throws {
    let log = ActionLog()
    var machine = AutomatonMachine(CDPlayer.make(log: log), state: .stopped)
    try machine.send(.play)
    try machine.send(.stop)
    try machine.send(.stop)  // internal: stays in stopped, no actions
    try machine.step(.play)  // pure: no actions
    #expect(
      log.all == [
        "exit stopped on play", "enter playing on play",
        "exit playing on stop", "enter stopped on stop",
      ])
    #expect(machine.state == .playing)
  }

  @Test("undefined events: the report policy returns .undefined and keeps the state")
  func reportPolicy() throws {
    var machine = try AutomatonMachine(CDPlayer.automaton)
    #expect(try machine.step(.play) == .undefined(in: .empty, kind: .play))
    #expect(machine.state == .empty)
  }

  @Test("undefined events: the ignore policy returns .ignored")
  func ignorePolicy() throws {
    var machine = try AutomatonMachine(CDPlayer.automaton, undefinedEvents: .ignore)
    #expect(try machine.step(.play) == .ignored(in: .empty, kind: .play))
  }

  @Test("undefined events: the throw policy throws an error naming the state, event and fix")
  func throwPolicy() throws {
    var machine = AutomatonMachine(CDPlayer.automaton, state: .playing, undefinedEvents: .throw)
    var caught: AutomatonError?
    do {
      try machine.step(.cdDetected)
    } catch {
      caught = error
    }
    let error = try #require(caught)
    #expect(error == .undefinedTransition)
    #expect(error.state == "playing")
    #expect(error.event == "cdDetected")
    #expect(error.message.contains("Transition(from: .playing, to: <next state>, by: .cdDetected)"))
    #expect(error.message.contains("undefinedEvents: .ignore"))
    #expect(machine.state == .playing)
  }

  @Test("catch can match the error by kind, typed or untyped")
  func catchByKind() throws {
    var machine = try AutomatonMachine(CDPlayer.automaton, undefinedEvents: .throw)
    var caught: [String] = []
    do {
      try machine.step(.play)
    } catch AutomatonError.undefinedTransition {
      caught.append("typed")
    } catch {
      caught.append("other")
    }
    do throws(any Error) {
      try machine.step(.play)
    } catch AutomatonError.undefinedTransition {
      caught.append("untyped")
    } catch {
      caught.append("other")
    }
    #expect(caught == ["typed", "untyped"])
  }

  @Test("the player is valid")
  func valid() throws {
    try CDPlayer.automaton.validate()
  }
}
