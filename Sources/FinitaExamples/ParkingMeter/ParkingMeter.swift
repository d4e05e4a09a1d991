import Finita
import FinitaAutomaton

/// The parking meter of seed 002: pay 500 for a 300 parking, and the meter is "paid" and
/// signals "give change 200". The change is news, not state.
///
/// The logic is a Mealy machine: guards on the inserted amount choose between paying and asking
/// again, and each transition's output becomes the feature's news.
///
/// ```swift
/// let meter = Feature(initialState: ParkingState.idle, definition: ParkingMeter(fee: 300))
/// let subscription = meter.observeNews { signal in display.show(signal) }
/// meter.accept(.enterPlate("A 123 BC"))  // news: pay 300
/// meter.accept(.insert(amount: 500))     // state: paid; news: give change 200
/// ```
public struct ParkingMeter: FeatureDefinition {
  /// What the driver does.
  public typealias Wish = ParkingEvent
  /// The stage of the payment.
  public typealias State = ParkingState
  /// What one event did: the step of the table, with its output.
  public typealias Effect = AutomatonStep<ParkingState, ParkingEvent.Kind, ParkingSignal>
  /// What the meter signals.
  public typealias News = ParkingSignal

  /// The fee for one parking.
  public let fee: Int
  /// The meter's transition table for ``fee``.
  public let automaton: Automaton<ParkingState, ParkingEvent, ParkingSignal>

  /// Creates a meter that charges `fee`.
  ///
  /// - Parameter fee: The fee for one parking.
  public init(fee: Int) {
    self.fee = fee
    self.automaton = Self.automaton(fee: fee)
  }

  /// The transition table of a meter that charges `fee`.
  ///
  /// - Parameter fee: The fee for one parking.
  /// - Returns: The table, with guards on the inserted amount and the signals as outputs.
  public static func automaton(fee: Int) -> Automaton<ParkingState, ParkingEvent, ParkingSignal> {
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

  /// Steps the table; events the current state does not expect change nothing.
  ///
  /// - Parameters:
  ///   - state: The stage of the payment.
  ///   - action: What the driver did.
  /// - Returns: The step, or nothing when the event is not expected.
  public func act(_ state: ParkingState, _ action: ParkingEvent) -> Effects<Effect> {
    var machine = AutomatonMachine(automaton, state: state, undefinedEvents: .ignore)
    guard let step = try? machine.step(action) else { return .none }
    if case .ignored = step { return .none }
    return .just(step)
  }

  /// Moves to the state the step ended in.
  ///
  /// - Parameters:
  ///   - state: The stage of the payment.
  ///   - effect: The step.
  public func reduce(_ state: inout ParkingState, _ effect: Effect) {
    state = effect.state
  }

  /// Publishes the step's output: the fee to pay, the change, or a request to pay again.
  ///
  /// - Parameters:
  ///   - action: What the driver did.
  ///   - effect: The step.
  ///   - state: The stage of the payment now.
  /// - Returns: The signal, if the step has one.
  public func publishNews(_ action: ParkingEvent, _ effect: Effect, _ state: ParkingState)
    -> ParkingSignal?
  {
    effect.output
  }
}
