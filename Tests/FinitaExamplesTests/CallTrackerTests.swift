import Finita
import FinitaAutomaton
import FinitaExamples
import FinitaTesting
import Testing

@Suite("CallTracker (seeds 000 and 002)", .timeLimit(.minutes(1)))
struct CallTrackerTests {
  private func makeTester() -> FeatureTester<CallTracker> {
    FeatureTester(initialState: CallState.none) { CallTracker(clock: $0) }
  }

  @Test("the happy path: alert, confirm, call, return, and a callEnded news")
  func happyPath() async {
    let tester = makeTester()
    await tester.send(.trackOutgoingCall) { $0 = .start }
    await tester.send(.willResignActive) { $0 = .systemAlert }
    await tester.send(.didBecomeActive) { $0 = .waiting }
    await tester.send(.willResignActive) { $0 = .callStarting }
    await tester.send(.didEnterBackground) { $0 = .callInProgress }
    await tester.send(.willEnterForeground) { $0 = .callEnded }
    await tester.send(.didBecomeActive) { $0 = .none }
    tester.expectNews(.callEnded)
    await tester.finish()
  }

  @Test("the user cancels in the alert: back to none one second later, with no news")
  func cancelPath() async {
    let tester = makeTester()
    await tester.send(.trackOutgoingCall) { $0 = .start }
    await tester.send(.willResignActive) { $0 = .systemAlert }
    await tester.send(.didBecomeActive) { $0 = .waiting }
    await tester.advance(by: .milliseconds(999))
    #expect(tester.state == .waiting)
    await tester.advance(by: .milliseconds(1))
    await tester.receive(.waitingTimerFired)
    await tester.receive(.moved(from: .waiting, to: .none)) { $0 = .none }
    await tester.finish()
  }

  @Test("an app that is simply backgrounded and brought back tracks no call")
  func backgroundedWithoutCall() async {
    let tester = makeTester()
    for event in [CallEvent.willResignActive, .didEnterBackground, .willEnterForeground] {
      await tester.send(event)
    }
    await tester.send(.didBecomeActive)
    await tester.finish()
  }

  @Test("confirming the call cancels the waiting timer")
  func confirmingCancelsTimer() async {
    let tester = makeTester()
    await tester.send(.trackOutgoingCall) { $0 = .start }
    await tester.send(.willResignActive) { $0 = .systemAlert }
    await tester.send(.didBecomeActive) { $0 = .waiting }
    await tester.send(.willResignActive) { $0 = .callStarting }
    await tester.advance(by: .seconds(2))
    #expect(tester.state == .callStarting)
    await tester.finish()
  }

  @Test("didBecomeActive where the seed says something went wrong resets the tracker")
  func doubledDidBecomeActive() async {
    let tester = makeTester()
    await tester.send(.trackOutgoingCall) { $0 = .start }
    await tester.send(.didBecomeActive) { $0 = .none }
    await tester.finish()
  }

  @Test(
    "every event in every state goes where the diagram says; anything else resets to none",
    arguments: CallState.allCases)
  func everyUnexpectedEvent(state: CallState) async {
    let defined: [CallState: [CallEvent: CallState]] = [
      .none: [
        .trackOutgoingCall: .start, .willResignActive: .none, .didBecomeActive: .none,
        .didEnterBackground: .none, .willEnterForeground: .none,
      ],
      .start: [.willResignActive: .systemAlert],
      .systemAlert: [.didBecomeActive: .waiting],
      .waiting: [.willResignActive: .callStarting, .userDidCancel: .none],
      .callStarting: [.didEnterBackground: .callInProgress],
      .callInProgress: [.willEnterForeground: .callEnded],
      .callEnded: [.didBecomeActive: .none],
    ]
    for event in CallEvent.allCases {
      let tester = FeatureTester(initialState: state) { CallTracker(clock: $0) }
      tester.exhaustivity = .off
      let target = defined[state]?[event]
      await tester.send(event) { $0 = target ?? .none }
      if target == nil {
        #expect(CallTracker.table.transition(from: state, by: event) == nil)
      }
      await tester.skipUnasserted()
      await tester.finish()
    }
  }

  @Test("a reset publishes no news and a reset in waiting stops the timer")
  func resetInWaiting() async {
    let tester = FeatureTester(initialState: CallState.waiting) { CallTracker(clock: $0) }
    await tester.send(.didEnterBackground) { $0 = .none }
    await tester.advance(by: .seconds(5))
    await tester.finish()
  }

  @Test("the table is valid: every state is reachable from none")
  func tableIsValid() throws {
    try CallTracker.table.validate()
  }
}
