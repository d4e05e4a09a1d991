import FinitaAutomaton

/// The classic coin-operated turnstile, as a Moore machine: its light is an output of the state.
enum Turnstile: Hashable, CaseIterable, Sendable {
  case locked
  case unlocked
}

enum TurnstileEvent: AutomatonEvent, CaseIterable {
  case coin
  case push
}

extension Turnstile {
  static let automaton = Automaton<Turnstile, TurnstileEvent, String> {
    Initial(.locked)
    Transition(from: .locked, to: .unlocked, by: .coin)
    Transition(within: .locked, by: .push)
    Transition(from: .unlocked, to: .locked, by: .push)
    Transition(within: .unlocked, by: .coin)
    StateOutput(.locked, "red")
    StateOutput(.unlocked, "green")
  }
}
