import FinitaAutomaton
import Testing

@Suite("Turnstile (Moore machine)")
struct TurnstileTests {
  @Test("each state has its output, and every step reports the output of the state reached")
  func mooreOutputs() throws {
    var machine = try AutomatonMachine(Turnstile.automaton)
    #expect(machine.output == "red")
    #expect(try machine.step(.coin) == .transitioned(from: .locked, to: .unlocked, output: "green"))
    #expect(machine.output == "green")
    #expect(try machine.step(.coin) == .stayed(in: .unlocked, output: "green"))
    #expect(try machine.step(.push) == .transitioned(from: .unlocked, to: .locked, output: "red"))
    #expect(try machine.step(.push) == .stayed(in: .locked, output: "red"))
    #expect(machine.state == .locked)
  }

  @Test("every state × every event goes where the table says")
  func matrix() {
    expectMatrix(
      Turnstile.automaton,
      samples: TurnstileEvent.allCases,
      expected: [
        .locked: [.coin: .unlocked, .push: .locked],
        .unlocked: [.coin: .unlocked, .push: .locked],
      ]
    )
  }

  @Test("the turnstile is valid")
  func valid() throws {
    try Turnstile.automaton.validate()
  }
}
