#if !HTTPExamples
  // Without the HTTPExamples trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaExamplesHTTP needs Finita's `HTTPExamples` trait.
  @available(
    *, unavailable,
    message: "FinitaExamplesHTTP needs trait HTTPExamples: .package(…, traits: [\"HTTPExamples\"])"
  )
  public enum PageServer {}

  /// Unavailable: FinitaExamplesHTTP needs Finita's `HTTPExamples` trait.
  @available(
    *, unavailable,
    message: "FinitaExamplesHTTP needs trait HTTPExamples: .package(…, traits: [\"HTTPExamples\"])"
  )
  public enum HTTPPageSource {}

  /// Unavailable: FinitaExamplesHTTP needs Finita's `HTTPExamples` trait.
  @available(
    *, unavailable,
    message: "FinitaExamplesHTTP needs trait HTTPExamples: .package(…, traits: [\"HTTPExamples\"])"
  )
  public enum ObservedFeedServer {}
#endif
