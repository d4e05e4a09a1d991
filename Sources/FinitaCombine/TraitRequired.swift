#if !(canImport(Combine) || Combine)
  // Where Combine does not exist (Linux) this module stands on OpenCombine, which only the
  // Combine trait brings in; without it the module is empty, and this stand-in turns a use of
  // it into an error that says what to do.

  /// Unavailable: FinitaCombine needs Finita's `Combine` trait where Combine does not exist.
  @available(
    *, unavailable,
    message: "FinitaCombine needs trait Combine on Linux: .package(…, traits: [\"Combine\"])"
  )
  public enum WishSubscriber {}
#endif
