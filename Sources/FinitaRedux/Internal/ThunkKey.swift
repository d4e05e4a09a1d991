/// A cancellation identifier for thunks: one run, or every run with a user-given identifier.
struct ThunkKey: Hashable, @unchecked Sendable {
  // Safe to send: `named` is only built from a `Hashable & Sendable` value, so the wrapped
  // `AnyHashable` (not `Sendable` itself) always holds a sendable base.
  private enum Kind: Hashable {
    case task(UInt64)
    case named(AnyHashable)
  }

  private let kind: Kind

  init(task key: UInt64) {
    kind = .task(key)
  }

  init(named id: some Hashable & Sendable) {
    kind = .named(AnyHashable(id))
  }
}
