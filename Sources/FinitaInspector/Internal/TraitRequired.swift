#if !Inspector
  // Without the Inspector trait this module is empty; this stand-in turns a use of its server
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaInspector needs Finita's `Inspector` trait.
  @available(
    *, unavailable,
    message: "FinitaInspector needs trait Inspector: .package(…, traits: [\"Inspector\"])"
  )
  public enum InspectorServer {}
#endif
