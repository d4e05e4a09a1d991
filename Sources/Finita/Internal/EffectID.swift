/// A cancellation identifier of any hashable, sendable type.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // Safe to send: the only initializer takes a `Hashable & Sendable` value, so the wrapped
  // `AnyHashable` (not `Sendable` itself) always holds a sendable base.
  let base: AnyHashable

  @usableFromInline
  init(_ id: some Hashable & Sendable) {
    base = AnyHashable(id)
  }
}
