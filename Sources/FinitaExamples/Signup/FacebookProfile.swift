/// A Facebook profile used to prefill the profile form.
public struct FacebookProfile: Hashable, Sendable {
  /// The user's name.
  public var name: String

  /// Creates a profile.
  ///
  /// - Parameter name: The user's name.
  public init(name: String) {
    self.name = name
  }
}
