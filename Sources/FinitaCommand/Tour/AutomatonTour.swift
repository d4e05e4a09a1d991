import Finita
import FinitaAutomaton

/// A coin-operated turnstile: a Moore machine whose light is the output of its state.
enum Turnstile: Hashable, Sendable {
  case locked
  case unlocked
}

enum TurnstileEvent: AutomatonEvent {
  case coin
  case push
}

enum AutomatonTour {
  static let turnstile = Automaton<Turnstile, TurnstileEvent, String> {
    Initial(.locked)
    Transition(from: .locked, to: .unlocked, by: .coin)
    Transition(within: .locked, by: .push)
    Transition(from: .unlocked, to: .locked, by: .push)
    Transition(within: .unlocked, by: .coin)
    StateOutput(.locked, "red light")
    StateOutput(.unlocked, "green light")
  }

  static func run(_ output: inout TourOutput) async {
    output.section("Turnstile: a transition table running as a feature")
    do {
      try turnstile.validate()
      let machine = Feature(
        initialState: Turnstile.locked,
        definition: AutomatonDefinition(turnstile, undefinedEvents: .report),
        configuration: .init(name: "Turnstile"),
        trace: tracePrinter(AutomatonDefinition<Turnstile, TurnstileEvent, String>.self)
      )
      for event in [TurnstileEvent.push, .coin, .coin, .push] {
        machine.accept(event)
      }
      output.note("Mermaid diagram, current state highlighted:")
      print(turnstile.mermaid(highlighting: machine.state))
      machine.dispose()
    } catch {
      output.note("The turnstile's table is invalid: \(error)")
    }
  }
}
