import FinitaAutomaton

/// The turnstile of Tinder's StateMachine tests, restated with computed transitions: coins add
/// up to a credit, and the gate opens once the credit reaches the fare.
///
/// `locked(credit:)` is matched by its kind whatever the credit, and the next state is computed
/// from the credit and the coin's value, so the table has five rows instead of one per credit.
///
/// ```swift
/// var gate = try AutomatonMachine(FareGate.automaton(fare: 50))
/// try gate.step(.insertCoin(20))  // locked(credit: 0) -> locked(credit: 20)
/// try gate.step(.insertCoin(30))  // locked(credit: 20) -> unlocked / openDoors
/// ```
public enum FareGate {
  /// The gate's states; `broken` remembers the state to return to once repaired.
  public indirect enum State: AutomatonState {
    /// Closed, holding the coins inserted so far.
    case locked(credit: Int)
    /// Open for one person.
    case unlocked
    /// Out of order.
    case broken(oldState: State)

    /// The states without their payloads.
    public enum Kind: Hashable, CaseIterable, Sendable { case locked, unlocked, broken }

    /// The state without its payload.
    public var kind: Kind {
      switch self {
      case .locked: .locked
      case .unlocked: .unlocked
      case .broken: .broken
      }
    }
  }

  /// What happens at the gate.
  public enum Event: AutomatonEvent, Equatable {
    /// A coin of some value.
    case insertCoin(Int)
    /// Somebody walks through.
    case admitPerson
    /// The machine breaks.
    case machineDidFail
    /// The repair is done.
    case machineRepairDidComplete

    /// The events without their payloads.
    public enum Kind: Hashable, CaseIterable, Sendable {
      case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete
    }

    /// The event without its payload.
    public var kind: Kind {
      switch self {
      case .insertCoin: .insertCoin
      case .admitPerson: .admitPerson
      case .machineDidFail: .machineDidFail
      case .machineRepairDidComplete: .machineRepairDidComplete
      }
    }
  }

  /// What the gate does to the world.
  public enum SideEffect: Hashable, Sendable {
    case soundAlarm, closeDoors, openDoors, orderRepair
  }

  /// The gate for a fare of `fare`, starting locked with no credit.
  ///
  /// - Parameter fare: The credit that opens the gate.
  /// - Returns: The automaton.
  public static func automaton(fare: Int) -> Automaton<State, Event, SideEffect> {
    typealias Computed = ComputedTransition<State, Event, SideEffect>
    return Automaton {
      Initial(.locked(credit: 0))
      Computed(from: .locked, to: [.locked, .unlocked], by: .insertCoin, output: "openDoors") {
        state, event in
        guard case .locked(let credit) = state, case .insertCoin(let value) = event else {
          return nil
        }
        let total = credit + value
        return total >= fare ? (.unlocked, .openDoors) : (.locked(credit: total), nil)
      }
      Computed(from: .locked, to: [.locked], by: .admitPerson, output: "soundAlarm") { state, _ in
        (state, .soundAlarm)
      }
      Computed(from: .locked, to: [.broken], by: .machineDidFail, output: "orderRepair") {
        state, _ in (.broken(oldState: state), .orderRepair)
      }
      Transition(from: .unlocked, to: .locked(credit: 0), by: .admitPerson).output(.closeDoors)
      Computed(from: .broken, to: [.locked, .unlocked], by: .machineRepairDidComplete) { state, _ in
        guard case .broken(let oldState) = state else { return nil }
        return oldState
      }
    }
  }
}
