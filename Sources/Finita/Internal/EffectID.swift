/// A cancellation identifier of any hashable, sendable type.
///
/// A class, so that a step of an ``Effects`` plan that cancels by identifier takes one word.
@usableFromInline
final class EffectID: Hashable, @unchecked Sendable {
  // Safe to send: the only initializer takes a `Hashable & Sendable` value, so the wrapped
  // `AnyHashable` (not `Sendable` itself) always holds a sendable base.
  let base: AnyHashable

  @usableFromInline
  init(_ id: some Hashable & Sendable) {
    base = AnyHashable(id)
  }

  @usableFromInline
  static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.base == rhs.base }

  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(base) }
}
