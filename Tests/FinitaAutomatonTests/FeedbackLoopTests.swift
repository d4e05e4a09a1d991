import Finita
import FinitaAutomaton
import FinitaTesting
import Testing

/// `FeedbackLoop`, the supported home of the seed's feedback loops: a state's presence starts
/// work whose results come back as events.
@Suite("Feedback loops: work started by a state, its results fed back", .timeLimit(.minutes(1)))
struct FeedbackLoopTests {
  enum Door: Hashable, Sendable { case closed, opening, open, jammed }
  enum DoorEvent: AutomatonEvent, CaseIterable { case press, opened, cancel, jam }
  struct MotorFailed: Error {}

  static let door = Automaton<Door, DoorEvent, Never> {
    Initial(.closed)
    Transition(from: .closed, to: .opening, by: .press)
    Transition(from: .opening, to: .open, by: .opened)
    Transition(from: .opening, to: .closed, by: .cancel)
    Transition(from: .opening, to: .jammed, by: .jam)
    Transition(from: .open, to: .closed, by: .press)
  }

  /// The motor runs while the door is opening and reports `opened` a second later.
  static func motor(clock: VirtualClock) -> Feedback<Door, DoorEvent> {
    Feedback<Door, DoorEvent>(
      query: { $0 == .opening ? "motor" : nil },
      effects: { _ in AfterDelay(DoorEvent.opened, after: .seconds(1), on: clock) })
  }

  /// A motor that fails as soon as it starts.
  static let brokenMotor = Feedback<Door, DoorEvent>(
    query: { $0 == .opening ? "motor" : nil },
    effects: { _ in
      AsyncThrowingStream<DoorEvent, any Error> { $0.finish(throwing: MotorFailed()) }
    })

  typealias Loop = FeedbackLoop<Door, DoorEvent>

  @Test("entering a state starts its work; the result comes back as an event")
  func resultFedBack() async {
    let tester = FeatureTester(initialState: Door.closed) { clock in
      Loop(automaton: Self.door, feedbacks: [Self.motor(clock: clock)])
    }
    tester.exhaustivity = .off
    await tester.send(.press) { $0 = .opening }
    await tester.advance(by: .seconds(1))
    await tester.receive(.feedback(.opened))
    await tester.receive(.step(.transitioned(from: .opening, to: .open, output: nil))) {
      $0 = .open
    }
    await tester.finish()
  }

  @Test("leaving the state cancels its work: nothing comes back")
  func leavingCancels() async {
    let tester = FeatureTester(initialState: Door.closed) { clock in
      Loop(automaton: Self.door, feedbacks: [Self.motor(clock: clock)])
    }
    tester.exhaustivity = .off
    await tester.send(.press) { $0 = .opening }
    await tester.send(.cancel) { $0 = .closed }
    await tester.advance(by: .seconds(5))
    #expect(tester.state == .closed)
    tester.exhaustivity = .on
    tester.expectNews(
      .transitioned(from: .closed, to: .opening, output: nil),
      .transitioned(from: .opening, to: .closed, output: nil))
    await tester.finish()  // and no work left running
  }

  @Test("entering the state again restarts its work from the beginning")
  func reenteringRestarts() async {
    let tester = FeatureTester(initialState: Door.closed) { clock in
      Loop(automaton: Self.door, feedbacks: [Self.motor(clock: clock)])
    }
    tester.exhaustivity = .off
    await tester.send(.press) { $0 = .opening }
    await tester.advance(by: .milliseconds(600))
    await tester.send(.cancel) { $0 = .closed }
    await tester.send(.press) { $0 = .opening }
    await tester.advance(by: .milliseconds(600))
    #expect(tester.state == .opening)  // the first run would have ended by now
    await tester.advance(by: .milliseconds(400))
    await tester.receive(.feedback(.opened))
    await tester.receive(.step(.transitioned(from: .opening, to: .open, output: nil))) {
      $0 = .open
    }
    await tester.finish()
  }

  @Test("an error of the work becomes an event through onError")
  func errorBecomesEvent() async {
    let tester = FeatureTester(initialState: Door.closed) { _ in
      Loop(automaton: Self.door, feedbacks: [Self.brokenMotor]) { error in
        error is MotorFailed ? .jam : nil
      }
    }
    tester.exhaustivity = .off
    await tester.send(.press) { $0 = .opening }
    await tester.receive(.feedback(.jam))
    await tester.receive(.step(.transitioned(from: .opening, to: .jammed, output: nil))) {
      $0 = .jammed
    }
    await tester.finish()
  }

  @Test("events the table does not define are ignored, and start no work")
  func undefinedIgnored() async {
    let tester = FeatureTester(initialState: Door.closed) { clock in
      Loop(automaton: Self.door, feedbacks: [Self.motor(clock: clock)])
    }
    await tester.send(.opened)
    await tester.send(.cancel)
    await tester.finish()
  }

  @Test("disposing the feature cancels the work in flight")
  func disposeCancels() async {
    let clock = VirtualClock()
    let feature = Feature(
      initialState: Door.closed,
      definition: Loop(automaton: Self.door, feedbacks: [Self.motor(clock: clock)]))
    feature.accept(.press)
    #expect(feature.state == .opening)
    feature.dispose()
    await feature.idle()
    #expect(feature.inFlightEffectCount == 0)
    await clock.advance(by: .seconds(2))
    #expect(feature.state == .opening)
  }
}
