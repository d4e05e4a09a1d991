#if Macros
  import FinitaAutomaton
  import FinitaAutomatonMacros
  import Testing

  /// The fare gate of FinitaExamples, with its kinds derived by the macro instead of written.
  enum KindsGate {
    @AutomatonKinds
    indirect enum State: AutomatonState {
      case locked(credit: Int)
      case unlocked
      case broken(oldState: State)
    }

    @AutomatonKinds
    enum Event: AutomatonEvent, Equatable {
      case insertCoin(Int)
      case admitPerson
      case machineDidFail
      case machineRepairDidComplete
    }

    static func automaton(fare: Int) -> Automaton<State, Event, Never> {
      typealias Computed = ComputedTransition<State, Event, Never>
      return Automaton {
        Initial(.locked(credit: 0))
        Computed(from: .locked, to: [.locked, .unlocked], by: .insertCoin) { state, event in
          guard case .locked(let credit) = state, case .insertCoin(let value) = event else {
            return nil
          }
          return credit + value >= fare ? .unlocked : .locked(credit: credit + value)
        }
        Transition(from: .unlocked, to: .locked(credit: 0), by: .admitPerson)
        Computed(from: .locked, to: [.broken], by: .machineDidFail) { state, _ in
          .broken(oldState: state)
        }
        Computed(from: .broken, to: [.locked, .unlocked], by: .machineRepairDidComplete) {
          state, _ in
          if case .broken(let oldState) = state { oldState } else { nil }
        }
      }
    }
  }

  @Suite("@AutomatonKinds in use")
  struct KindsExampleTests {
    @Test("derived kinds key the table and the computed transitions")
    func derivedKindsRunTheGate() throws {
      #expect(KindsGate.Event.insertCoin(5).kind == .insertCoin)
      #expect(KindsGate.State.broken(oldState: .unlocked).kind == .broken)
      #expect(KindsGate.Event.Kind.allCases.count == 4)
      var gate = try AutomatonMachine(KindsGate.automaton(fare: 50))
      try gate.run([.insertCoin(20), .machineDidFail, .machineRepairDidComplete, .insertCoin(30)])
      #expect(gate.state == .unlocked)
      #expect(KindsGate.automaton(fare: 50).validationIssues().isEmpty)
    }
  }
#endif  // Macros
