/// A condition on a transition, evaluated against the chart's active states.
///
/// Statecharts here carry no data model, so a guard can only ask which states are active: the
/// SCXML `In(id)` predicate, negated and combined.
///
/// ```swift
/// Transition(on: "hangUp", to: "idle", when: .in("connected") && !.in("onHold"))
/// ```
public struct StatechartGuard: Hashable, Sendable {
  @usableFromInline
  internal indirect enum Storage: Hashable, Sendable {
    case isActive(String)
    case not(Storage)
    case all([Storage])
    case any([Storage])
  }

  @usableFromInline
  internal let storage: Storage

  @usableFromInline
  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// True while the state with this id is active (SCXML `In(id)`).
  ///
  /// - Parameter state: A state's id.
  public static func `in`(_ state: String) -> Self { Self(.isActive(state)) }

  /// True when `guard` is false.
  ///
  /// - Parameter guard: The condition to negate.
  public static prefix func ! (guard: Self) -> Self { Self(.not(`guard`.storage)) }

  /// True when both conditions are true.
  ///
  /// - Parameters:
  ///   - lhs: The first condition.
  ///   - rhs: The second condition.
  public static func && (lhs: Self, rhs: Self) -> Self {
    // Joined into one list rather than nested, so that a long chain stays one level deep.
    Self(.all(lhs.storage.conjuncts + rhs.storage.conjuncts))
  }

  /// True when either condition is true.
  ///
  /// - Parameters:
  ///   - lhs: The first condition.
  ///   - rhs: The second condition.
  public static func || (lhs: Self, rhs: Self) -> Self {
    Self(.any(lhs.storage.disjuncts + rhs.storage.disjuncts))
  }
}

extension StatechartGuard: CustomStringConvertible {
  /// The guard in SCXML's notation, such as `In('a') && !In('b')`.
  public var description: String { Self.describe(storage, nested: false) }

  private static func describe(_ storage: Storage, nested: Bool) -> String {
    switch storage {
    case .isActive(let id): return "In('\(id)')"
    case .not(let inner): return "!" + describe(inner, nested: true)
    case .all(let parts):
      let text = parts.map { describe($0, nested: true) }.joined(separator: " && ")
      return nested ? "(\(text))" : text
    case .any(let parts):
      let text = parts.map { describe($0, nested: true) }.joined(separator: " || ")
      return nested ? "(\(text))" : text
    }
  }

  /// Every state id the guard mentions.
  internal var stateIDs: [String] {
    var ids: [String] = []
    func collect(_ storage: Storage) {
      switch storage {
      case .isActive(let id): ids.append(id)
      case .not(let inner): collect(inner)
      case .all(let parts), .any(let parts):
        for part in parts { collect(part) }
      }
    }
    collect(storage)
    return ids
  }
}

extension StatechartGuard.Storage {
  /// The parts of a conjunction, or this condition alone.
  var conjuncts: [Self] {
    if case .all(let parts) = self { return parts }
    return [self]
  }

  /// The parts of a disjunction, or this condition alone.
  var disjuncts: [Self] {
    if case .any(let parts) = self { return parts }
    return [self]
  }
}
