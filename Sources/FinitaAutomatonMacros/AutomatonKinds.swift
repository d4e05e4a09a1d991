#if Macros
  /// Derives the payload-free `Kind` of an enum and its `kind` property, as `AutomatonEvent`
  /// and `AutomatonState` ask of events and states that carry values.
  ///
  /// ```swift
  /// @AutomatonKinds
  /// enum SignupEvent: AutomatonEvent {
  ///   case registerWithFacebook(profile: Profile)
  ///   case loginWithEmail
  /// }
  /// ```
  ///
  /// expands, inside the enum, to
  ///
  /// ```swift
  /// enum Kind: Hashable, CaseIterable, Sendable {
  ///   case registerWithFacebook
  ///   case loginWithEmail
  /// }
  ///
  /// var kind: Kind {
  ///   switch self {
  ///   case .registerWithFacebook: .registerWithFacebook
  ///   case .loginWithEmail: .loginWithEmail
  ///   }
  /// }
  /// ```
  ///
  /// The members get the enum's access level (`public`, `package` or internal). The conformance
  /// is yours to write, so the macro serves events, states and any other enum alike.
  @attached(member, names: named(Kind), named(kind))
  public macro AutomatonKinds() =
    #externalMacro(module: "FinitaAutomatonMacrosPlugin", type: "AutomatonKindsMacro")
#endif  // Macros
