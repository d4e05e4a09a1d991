import Foundation

/// The app's lifecycle notifications as ``CallEvent``s: what the ``CallTracker``'s Bootstrapper
/// subscribes to when the feature starts, so the app forwards nothing by hand.
///
/// ``notifications(from:)`` listens to the four `UIApplication` lifecycle notifications on a
/// notification center; a test or a preview makes its own sequence with ``init(_:)``.
///
/// ```swift
/// let tracker = Feature(
///   initialState: CallState.none,
///   definition: CallTracker(lifecycle: .notifications(from: .default))
/// )
/// tracker.accept(.trackOutgoingCall)  // the lifecycle events arrive on their own
/// ```
public struct AppLifecycle: Sendable {
  private let makeEvents: @Sendable () -> AsyncStream<CallEvent>

  /// Creates a source of lifecycle events.
  ///
  /// - Parameter makeEvents: Makes a new sequence of events for each subscriber; the
  ///   subscription ends when the sequence finishes or the feature is disposed.
  public init(_ makeEvents: @escaping @Sendable () -> AsyncStream<CallEvent>) {
    self.makeEvents = makeEvents
  }

  /// A new sequence of the app's lifecycle events.
  ///
  /// - Returns: The events, as they happen.
  public func events() -> AsyncStream<CallEvent> {
    makeEvents()
  }

  /// The names of UIKit's four lifecycle notifications and the events they become.
  ///
  /// The names are spelt out (they are `UIApplication.willResignActiveNotification` and so on
  /// on iOS), so the tracker builds and is tested on every platform.
  public static let notificationNames: [(name: Notification.Name, event: CallEvent)] = [
    (Notification.Name("UIApplicationWillResignActiveNotification"), .willResignActive),
    (Notification.Name("UIApplicationDidBecomeActiveNotification"), .didBecomeActive),
    (Notification.Name("UIApplicationDidEnterBackgroundNotification"), .didEnterBackground),
    (Notification.Name("UIApplicationWillEnterForegroundNotification"), .willEnterForeground),
  ]

  /// The lifecycle notifications posted on `center`, as events.
  ///
  /// Each subscriber gets its own observers, removed when its subscription ends.
  ///
  /// - Parameter center: The notification center the app's lifecycle is posted on;
  ///   `NotificationCenter.default` in an app.
  /// - Returns: The source of lifecycle events.
  public static func notifications(from center: NotificationCenter) -> AppLifecycle {
    let center = SendableCenter(center)
    return AppLifecycle {
      AsyncStream { continuation in
        let tokens = notificationNames.map { name, event in
          center.value.addObserver(forName: name, object: nil, queue: nil) { _ in
            continuation.yield(event)
          }
        }
        let observers = SendableCenter(center.value, observers: tokens)
        continuation.onTermination = { _ in
          for token in observers.observers { observers.value.removeObserver(token) }
        }
      }
    }
  }
}

/// A notification center, and the observers one subscription added to it, handed to the
/// subscription's closures.
private struct SendableCenter: @unchecked Sendable {
  // NotificationCenter is thread-safe and accepts removal from any thread; it is not declared
  // Sendable on every platform. The observers are only read, once, when the subscription ends.
  let value: NotificationCenter
  let observers: [any NSObjectProtocol]

  init(_ value: NotificationCenter, observers: [any NSObjectProtocol] = []) {
    self.value = value
    self.observers = observers
  }
}
