/// An event that an ``Automaton`` reacts to, matched by its payload-free ``kind``.
///
/// Transition tables are keyed by the pair (state, kind), so an event that carries values
/// (a profile, a token, an amount of money) is matched by its case alone, and the full event,
/// payload included, still reaches guards, outputs and actions. No placeholder "default" events
/// are needed to declare a table.
///
/// A payload-free enum needs nothing more than the conformance: its ``Kind`` is the event itself.
///
/// ```swift
/// enum TurnstileEvent: AutomatonEvent {
///   case coin, push
/// }
/// ```
///
/// An event with associated values names its cases in a nested `Kind`:
///
/// ```swift
/// enum SignupEvent: AutomatonEvent {
///   case registerWithFacebook(profile: Profile)
///   case loginWithEmail
///
///   enum Kind: Hashable, CaseIterable, Sendable {
///     case registerWithFacebook, loginWithEmail
///   }
///
///   var kind: Kind {
///     switch self {
///     case .registerWithFacebook: .registerWithFacebook
///     case .loginWithEmail: .loginWithEmail
///     }
///   }
/// }
/// ```
///
/// Making `Kind` `CaseIterable` is optional; when it is, the table uses dense arrays for its
/// lookups and ``AutomatonExplorer`` can ask for a sample of every kind with an exhaustive
/// `switch`.
public protocol AutomatonEvent: Sendable {
  /// The case of the event without its payload; the key of the transition table.
  associatedtype Kind: Hashable & Sendable = Self

  /// The case of this event without its payload.
  var kind: Kind { get }
}

extension AutomatonEvent where Kind == Self {
  /// A payload-free event is its own kind.
  @inlinable
  public var kind: Self { self }
}

/// Strings are events of their own kind, as in machines imported with ``DOTImporter``.
extension String: AutomatonEvent {}
