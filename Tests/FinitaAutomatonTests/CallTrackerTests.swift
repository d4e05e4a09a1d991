import Finita
import FinitaAutomaton
import FinitaFixtures
import FinitaTesting
import Testing

@Suite("CallTracker: a transition table as a feature's logic", .timeLimit(.minutes(1)))
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

  @Test("the user cancels in the alert: back to none one second later, no news")
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

  @Test("an app that is simply backgrounded tracks no call")
  func backgroundedWithoutCall() async {
    let tester = makeTester()
    for event in [CallEvent.willResignActive, .didEnterBackground, .willEnterForeground] {
      await tester.send(event)
    }
    await tester.send(.didBecomeActive)
    await tester.finish()
  }

  @Test("every unexpected event in a tracking state resets the tracker to none")
  func unexpectedEvents() {
    let expected: [CallState: [CallEvent: CallState]] = [
      .start: [.trackOutgoingCall: .none, .willResignActive: .systemAlert],
      .systemAlert: [.didBecomeActive: .waiting],
      .waiting: [.willResignActive: .callStarting, .userDidCancel: .none],
      .callStarting: [.didEnterBackground: .callInProgress],
      .callInProgress: [.willEnterForeground: .callEnded],
      .callEnded: [.didBecomeActive: .none],
    ]
    for (state, defined) in expected {
      for event in CallEvent.allCases {
        let tracker = Feature(
          initialState: state,
          definition: CallTracker(clock: ContinuousClock())
        )
        tracker.accept(event)
        let target = defined[event] ?? CallState.none
        #expect(tracker.state == target, "\(event) in \(state) should lead to \(target)")
        tracker.dispose()
      }
    }
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
}
