#if !Spec
  // Without the Spec trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaSpec needs Finita's `Spec` trait.
  @available(
    *, unavailable,
    message: "FinitaSpec needs trait Spec: .package(…, traits: [\"Spec\"])"
  )
  public enum Spec {}

  /// Unavailable: FinitaSpec needs Finita's `Spec` trait.
  @available(
    *, unavailable,
    message: "FinitaSpec needs trait Spec: .package(…, traits: [\"Spec\"])"
  )
  public enum SpecReader {}

  /// Unavailable: FinitaSpec needs Finita's `Spec` trait.
  @available(
    *, unavailable,
    message: "FinitaSpec needs trait Spec: .package(…, traits: [\"Spec\"])"
  )
  public enum SwiftGenerator {}

  /// Unavailable: FinitaSpec needs Finita's `Spec` trait.
  @available(
    *, unavailable,
    message: "FinitaSpec needs trait Spec: .package(…, traits: [\"Spec\"])"
  )
  public enum KotlinGenerator {}
#endif
