import Finita
import FinitaExamples
import FinitaTesting
import Foundation
import Testing

/// The call tracker's Bootstrapper subscribes to the app's lifecycle itself (seed 001: the
/// Bootstrapper receives outside signals, so the app does not forward them as wishes).
@Suite("CallTracker: the Bootstrapper subscribes to the app's lifecycle", .timeLimit(.minutes(1)))
struct CallTrackerLifecycleTests {
  private static let names = Dictionary(
    uniqueKeysWithValues: AppLifecycle.notificationNames.map { ($0.event, $0.name) })

  @Test("lifecycle events reach the tracker without being forwarded, and a call is tracked")
  func eventsArriveOnTheirOwn() async {
    let (events, continuation) = AsyncStream.makeStream(of: CallEvent.self)
    let tester = FeatureTester(initialState: CallState.none) { clock in
      CallTracker(clock: clock, lifecycle: AppLifecycle { events })
    }
    await tester.send(.trackOutgoingCall) { $0 = .start }
    continuation.yield(.willResignActive)
    await tester.receive(.moved(from: .start, to: .systemAlert)) { $0 = .systemAlert }
    continuation.yield(.didBecomeActive)
    await tester.receive(.moved(from: .systemAlert, to: .waiting)) { $0 = .waiting }
    continuation.yield(.willResignActive)
    await tester.receive(.moved(from: .waiting, to: .callStarting)) { $0 = .callStarting }
    continuation.yield(.didEnterBackground)
    await tester.receive(.moved(from: .callStarting, to: .callInProgress)) {
      $0 = .callInProgress
    }
    continuation.yield(.willEnterForeground)
    await tester.receive(.moved(from: .callInProgress, to: .callEnded)) { $0 = .callEnded }
    continuation.yield(.didBecomeActive)
    await tester.receive(.moved(from: .callEnded, to: .none)) { $0 = .none }
    tester.expectNews(.callEnded)
    continuation.finish()  // the app's lifecycle ends: so does the subscription
    await tester.finish()
  }

  @Test("notifications posted on the center are subscribed at start and removed at dispose")
  func notificationCenter() async throws {
    let center = NotificationCenter()
    let tracker = Feature(
      initialState: CallState.none,
      definition: CallTracker(lifecycle: .notifications(from: center)))
    let states = LockedStates()
    let subscription = tracker.observeState { states.append($0) }
    tracker.accept(.trackOutgoingCall)
    let name = try #require(Self.names[.willResignActive])
    // The subscription starts with the feature, on its work; post until it is there.
    while tracker.state == .start {
      center.post(name: name, object: nil)
      await Task.yield()
    }
    #expect(tracker.state == .systemAlert)
    tracker.dispose()
    let before = states.values
    for (name, _) in AppLifecycle.notificationNames {
      center.post(name: name, object: nil)
    }
    #expect(states.values == before)
    #expect(tracker.state == .systemAlert)
    subscription.cancel()
  }

  @Test("a source's subscription ends when the feature is disposed")
  func endsOnDispose() async {
    let (subscribed, didSubscribe) = AsyncStream.makeStream(of: Void.self)
    let (ended, didEnd) = AsyncStream.makeStream(of: Void.self)
    let lifecycle = AppLifecycle {
      AsyncStream { continuation in
        continuation.onTermination = { _ in didEnd.yield() }
        didSubscribe.yield()
      }
    }
    let tracker = Feature(
      initialState: CallState.none, definition: CallTracker(lifecycle: lifecycle))
    var subscriptions = subscribed.makeAsyncIterator()
    await subscriptions.next()
    tracker.dispose()
    var ends = ended.makeAsyncIterator()
    await ends.next()
    #expect(tracker.inFlightEffectCount == 0)
  }
}

/// States written down from any thread.
private final class LockedStates: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [CallState] = []

  var values: [CallState] { lock.withLock { stored } }

  func append(_ state: CallState) {
    lock.withLock { stored.append(state) }
  }
}
