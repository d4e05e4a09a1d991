#if !Metrics
  // Without the Metrics trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaMetrics needs Finita's `Metrics` trait.
  @available(
    *, unavailable,
    message: "FinitaMetrics needs trait Metrics: .package(…, traits: [\"Metrics\"])"
  )
  public enum MetricsInterceptor {}

  /// Unavailable: FinitaMetrics needs Finita's `Metrics` trait.
  @available(
    *, unavailable,
    message: "FinitaMetrics needs trait Metrics: .package(…, traits: [\"Metrics\"])"
  )
  public enum TracingInterceptor {}
#endif
