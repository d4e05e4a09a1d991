import FinitaAutomaton
import Testing

/// A till whose last state carries the amount paid, so it can only be declared final by kind.
private enum Till: AutomatonState {
  case open
  case paid(amount: Int)

  enum Kind: Hashable, CaseIterable, Sendable { case open, paid }

  var kind: Kind {
    switch self {
    case .open: .open
    case .paid: .paid
    }
  }
}

private enum TillEvent: AutomatonEvent, Hashable {
  case pay(Int)
  case count

  enum Kind: Hashable, CaseIterable, Sendable { case pay, count }

  var kind: Kind {
    switch self {
    case .pay: .pay
    case .count: .count
    }
  }
}

private func till(finalByKind: Bool) -> Automaton<Till, TillEvent, Never> {
  Automaton {
    Initial(.open)
    Transition(within: .open, by: .count)
    ComputedTransition(from: .open, to: [.paid], by: .pay) { _, event in
      guard case .pay(let amount) = event else { return nil }
      return .paid(amount: amount)
    }
    if finalByKind {
      Final(kinds: .paid)
    }
  }
}

@Suite("Final states declared by kind")
struct FinalKindsTests {
  @Test("every state of a final kind is final, whatever its payload; other kinds are not")
  func isFinalByKind() throws {
    let automaton = till(finalByKind: true)
    #expect(automaton.isFinal(.paid(amount: 5)))
    #expect(automaton.isFinal(.paid(amount: 0)))
    #expect(!automaton.isFinal(.open))
    #expect(automaton.finalStates.isEmpty)
    var machine = try AutomatonMachine(automaton)
    #expect(!machine.isFinal)
    _ = try machine.step(.pay(20))
    #expect(machine.state == .paid(amount: 20))
    #expect(machine.isFinal)
  }

  @Test("a final kind with no way out is no dead end; without the declaration it is one")
  func validation() {
    #expect(till(finalByKind: true).validationIssues() == [])
    #expect(till(finalByKind: false).validationIssues() == [.deadEnd])
  }

  @Test("the diagram draws the kind as final")
  func diagram() {
    let final = till(finalByKind: true).dot()
    let plain = till(finalByKind: false).dot()
    #expect(final.contains("doublecircle"))
    #expect(!plain.contains("doublecircle"))
  }

  @Test("the component form declares the same")
  func component() {
    let automaton = Automaton<Till, TillEvent, Never>(components: [
      .initial(.open), .transition(Transition(within: .open, by: .count)),
      .final(kinds: [.paid]),
    ])
    #expect(automaton.isFinal(.paid(amount: 1)))
    #expect(!automaton.isFinal(.open))
  }
}
