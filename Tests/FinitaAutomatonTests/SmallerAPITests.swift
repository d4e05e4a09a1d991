import Finita
import FinitaAutomaton
import FinitaFixtures
import Testing

@Suite("Undefined events reported at once, and refusals told from undefined events")
struct SmallerAPITests {
  enum Door: Hashable, CaseIterable, Sendable { case closed, open }

  enum DoorEvent: AutomatonEvent {
    case open(code: Int)
    case close

    enum Kind: Hashable, CaseIterable, Sendable { case open, close }

    var kind: Kind {
      switch self {
      case .open: .open
      case .close: .close
      }
    }
  }

  let door = Automaton<Door, DoorEvent, Never> {
    Initial(.closed)
    Transition(from: .closed, to: .open, by: .open).guarded("right code") { _, event in
      if case .open(let code) = event { code == 42 } else { false }
    }
    Transition(from: .open, to: .closed, by: .close)
  }

  @Test(
    "under the throw policy, a running machine reports an undefined event before accept returns")
  func throwPolicyReportsSynchronously() throws {
    let errors = Recorder<String>()
    let player = try Feature(
      automaton: CDPlayer.automaton,
      undefinedEvents: .throw,
      configuration: .init(name: "player", onUnhandledError: { errors.append($0.description) })
    )
    player.accept(.pause)
    #expect(errors.values.count == 1)
    #expect(errors.values.first?.contains("No transition from state 'empty'") == true)
    #expect(player.inFlightEffectCount == 0)
    #expect(player.state == .empty)
  }

  @Test("resolveTransition tells a guard's refusal from an event no row declares")
  func refusedAndUndefined() {
    #expect(door.resolveTransition(from: .closed, by: .open(code: 42)) == .transition(to: .open))
    #expect(door.resolveTransition(from: .closed, by: .open(code: 7)) == .refusedByGuards)
    #expect(door.resolveTransition(from: .closed, by: .close) == .undefined)
    #expect(door.resolveTransition(from: .closed, by: .open(code: 42)).state == .open)
    // The older query answers nil for both.
    #expect(door.transition(from: .closed, by: .open(code: 7)) == nil)
    #expect(door.transition(from: .closed, by: .close) == nil)
  }

  @Test("copies of an automaton share one storage, and a running machine steps it as before")
  func runningMachineSteps() throws {
    let feature = try Feature(automaton: door, undefinedEvents: .report)
    let steps = Recorder<AutomatonStep<Door, DoorEvent.Kind, Never>>()
    let subscription = feature.observeNews { steps.append($0) }
    feature.accept(.open(code: 7))
    feature.accept(.close)
    feature.accept(.open(code: 42))
    #expect(feature.state == .open)
    #expect(
      steps.values == [
        .undefined(in: .closed, kind: .close), .transitioned(from: .closed, to: .open, output: nil),
      ])
    _ = subscription
  }
}
