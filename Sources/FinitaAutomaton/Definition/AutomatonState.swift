/// A state matched by its payload-free ``kind`` in a ``ComputedTransition``.
///
/// A state that carries values (a credit, a retry count, the state to go back to) conforms by
/// naming its cases in a nested `Kind`, as an ``AutomatonEvent`` does; the `@AutomatonKinds`
/// macro of `FinitaAutomatonMacros` writes that part. A payload-free enum needs nothing more
/// than the conformance: its ``Kind`` is the state itself.
///
/// ```swift
/// enum Gate: AutomatonState {
///   case locked(credit: Int)
///   case unlocked
///
///   enum Kind: Hashable, CaseIterable, Sendable { case locked, unlocked }
///
///   var kind: Kind {
///     switch self {
///     case .locked: .locked
///     case .unlocked: .unlocked
///     }
///   }
/// }
/// ```
public protocol AutomatonState: Hashable, Sendable {
  /// The case of the state without its payload.
  associatedtype Kind: Hashable & Sendable = Self

  /// The case of this state without its payload.
  var kind: Kind { get }
}

extension AutomatonState where Kind == Self {
  /// A payload-free state is its own kind.
  @inlinable
  public var kind: Self { self }
}
