/// What an ``AutomatonMachine`` does with an event that has no transition in the current state.
///
/// ```swift
/// var machine = try AutomatonMachine(player, undefinedEvents: .throw)
/// ```
public struct UndefinedEventPolicy: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  internal enum Storage: Sendable, Hashable {
    case ignore
    case report
    case `throw`
  }

  @usableFromInline
  internal let storage: Storage

  @usableFromInline
  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// Stay in the state and return ``AutomatonStep/ignored(in:kind:)``, as a music player ignores
  /// a second "stop".
  public static var ignore: Self { Self(.ignore) }

  /// Stay in the state and return ``AutomatonStep/undefined(in:kind:)`` so the owner can log
  /// or assert. The default.
  public static var report: Self { Self(.report) }

  /// Stay in the state and throw ``AutomatonError/undefinedTransition``, naming the state and
  /// the event.
  public static var `throw`: Self { Self(.throw) }

  /// The policy's name.
  public var description: String {
    switch storage {
    case .ignore: "ignore"
    case .report: "report"
    case .throw: "throw"
    }
  }
}
