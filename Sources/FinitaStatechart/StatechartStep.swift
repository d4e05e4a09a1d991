/// What one event did to a ``StatechartMachine``.
///
/// Read ``StatechartMachine/commands`` after a step for the outputs to publish and the delayed
/// events to schedule or cancel.
public struct StatechartStep: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  internal enum Storage: Hashable, Sendable {
    case ignored
    case handled(microsteps: Int)
    case livelock
  }

  @usableFromInline
  internal let storage: Storage

  @usableFromInline
  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// No transition was enabled: the configuration did not change and no action ran.
  public static let ignored = Self(.ignored)

  /// The event and what it caused took this many microsteps (sets of transitions taken
  /// together), including eventless transitions and raised events.
  ///
  /// - Parameter microsteps: The number of microsteps, at least one.
  public static func handled(microsteps: Int) -> Self { Self(.handled(microsteps: microsteps)) }

  /// The macrostep was stopped after ``StatechartMachine/microstepLimit`` microsteps: eventless
  /// transitions or raised events kept enabling each other. The configuration is where the last
  /// microstep left it.
  public static let livelock = Self(.livelock)

  /// The number of microsteps taken.
  public var microsteps: Int {
    if case .handled(let microsteps) = storage { return microsteps }
    return 0
  }

  /// The step in words.
  public var description: String {
    switch storage {
    case .ignored: "ignored"
    case .handled(let microsteps): "handled in \(microsteps) microstep(s)"
    case .livelock: "livelock"
    }
  }
}
