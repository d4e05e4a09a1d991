#if !Logging
  // Without the Logging trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaLogging needs Finita's `Logging` trait.
  @available(
    *, unavailable,
    message: "FinitaLogging needs trait Logging: .package(…, traits: [\"Logging\"])"
  )
  public enum LoggingInterceptor {}

  /// Unavailable: FinitaLogging needs Finita's `Logging` trait.
  @available(
    *, unavailable,
    message: "FinitaLogging needs trait Logging: .package(…, traits: [\"Logging\"])"
  )
  public enum LogRedaction {}
#endif
