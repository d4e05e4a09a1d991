#if !Inspector
  // Without the Inspector trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaInspectorClient needs Finita's `Inspector` trait.
  @available(
    *, unavailable,
    message: "FinitaInspectorClient needs trait Inspector: .package(…, traits: [\"Inspector\"])"
  )
  public enum InspectorClient {}
#endif
