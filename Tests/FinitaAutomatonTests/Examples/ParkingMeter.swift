import FinitaAutomaton

/// The parking meter of "State machines in iOS": pay 500 for a 300 parking and the meter is
/// paid and signals 200 of change; the change is an output, not part of the state.
enum ParkingState: Hashable, CaseIterable, Sendable {
  case idle
  case awaitingPayment
  case paid
}

enum ParkingEvent: AutomatonEvent, Hashable {
  case enterPlate(String)
  case insert(amount: Int)
  case leave

  enum Kind: Hashable, CaseIterable, Sendable {
    case enterPlate
    case insert
    case leave
  }

  var kind: Kind {
    switch self {
    case .enterPlate: .enterPlate
    case .insert: .insert
    case .leave: .leave
    }
  }

  var amount: Int {
    if case .insert(let amount) = self { amount } else { 0 }
  }
}

enum ParkingSignal: Hashable, Sendable, CustomStringConvertible {
  case requestPayment(Int)
  case giveChange(Int)
  case insufficient(inserted: Int, due: Int)

  var description: String {
    switch self {
    case .requestPayment(let due): "pay \(due)"
    case .giveChange(let change): "give change \(change)"
    case .insufficient(let inserted, let due): "\(inserted) is not enough, pay \(due)"
    }
  }
}

enum ParkingMeter {
  static func automaton(fee: Int) -> Automaton<ParkingState, ParkingEvent, ParkingSignal> {
    Automaton {
      Initial(.idle)
      Transition(from: .idle, to: .awaitingPayment, by: .enterPlate)
        .output(.requestPayment(fee))
      Transition(from: .awaitingPayment, to: .paid, by: .insert)
        .guarded("enough") { _, event in event.amount >= fee }
        .output("change") { _, event in
          event.amount > fee ? .giveChange(event.amount - fee) : nil
        }
      Transition(within: .awaitingPayment, by: .insert)
        .guarded("not enough") { _, event in event.amount < fee }
        .output("ask again") { _, event in .insufficient(inserted: event.amount, due: fee) }
      Transition(from: .paid, to: .idle, by: .leave)
    }
  }

  static let samples: [ParkingEvent] = [
    .enterPlate("A 123 BC"), .insert(amount: 500), .insert(amount: 100), .leave,
  ]
}
