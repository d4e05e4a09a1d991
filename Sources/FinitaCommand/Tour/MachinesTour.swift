import Finita
import FinitaAutomaton
import FinitaExamples

/// The automata of `FinitaExamples` that compute their next state: the fare gate, whose table
/// adds up coins, and the binary-gap machine, whose outputs are folded into an answer.
enum MachinesTour {
  static func run(_ output: inout TourOutput) async {
    fareGate(&output)
    binaryGap(&output)
  }

  // MARK: - Fare gate

  private static func fareGate(_ output: inout TourOutput) {
    output.section("Fare gate: computed transitions add coins up to the fare of 50")
    let automaton = FareGate.automaton(fare: 50)
    let gate = Feature(
      initialState: FareGate.State.locked(credit: 0),
      definition: AutomatonDefinition(automaton, undefinedEvents: .report),
      configuration: .init(name: "FareGate"),
      trace: stepPrinter(for: automaton, describe: describe)
    )
    let events: [FareGate.Event] = [
      .insertCoin(20), .admitPerson, .insertCoin(30), .admitPerson, .insertCoin(10),
      .machineDidFail, .insertCoin(40), .machineRepairDidComplete,
    ]
    for event in events { gate.accept(event) }
    output.note("(the repaired gate remembers its credit: \(describe(gate.state)))")
    gate.dispose()
  }

  /// The state as the table reads it: `broken(locked(credit: 10))`, without the type's path.
  @Sendable
  private static func describe(_ state: FareGate.State) -> String {
    switch state {
    case .locked(let credit): "locked(credit: \(credit))"
    case .unlocked: "unlocked"
    case .broken(let oldState): "broken(\(describe(oldState)))"
    }
  }

  // MARK: - Binary gap

  private static func binaryGap(_ output: inout TourOutput) {
    output.section("Binary gap: a Mealy machine reads a number's bits, its outputs give the gap")
    let number = 41
    output.note("(the bits of \(number): \(String(number, radix: 2)))")
    var machine = AutomatonMachine(BinaryGap.automaton, state: .started)
    for bit in BinaryGap.bits(of: number) {
      let digit = bit == .one ? "1" : "0"
      // Every state has a row for both digits, so a step never fails.
      guard let step = try? machine.step(bit) else { continue }
      print("   bit \(digit)   \(step)")
    }
    let answers = [41, 529, 20, 15, 1041].map { "\($0) -> \(BinaryGap.longestGap(in: $0))" }
    output.note("(longest gap: \(answers.joined(separator: ", ")))")
  }
}

/// Prints each event of a running automaton and the step it took, on one line each: the step
/// names the states and the output, which the state and news lines would only repeat.
///
/// - Parameters:
///   - automaton: The automaton the feature runs.
///   - describe: How a state is written.
func stepPrinter<State, Event, Output>(
  for automaton: Automaton<State, Event, Output>,
  describe: @escaping @Sendable (State) -> String = { "\($0)" }
) -> @Sendable (FeatureTraceEvent<AutomatonDefinition<State, Event, Output>>) -> Void {
  { event in
    guard case .effect(let step, let event) = event else { return }
    let output = step.output.map { " / \($0)" } ?? ""
    let text =
      switch step {
      case .transitioned(let from, let to, _): "\(describe(from)) -> \(describe(to))\(output)"
      case .stayed(let state, _): "stayed in \(describe(state))\(output)"
      case .ignored(let state, let kind): "ignored \(kind) in \(describe(state))"
      case .undefined(let state, let kind): "undefined \(kind) in \(describe(state))"
      }
    print("   event   \(event)")
    print("   step    \(text)")
  }
}
