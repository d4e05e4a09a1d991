/// A song in the player's playlist: the metadata of the selected track.
public struct Track: Hashable, Sendable, CustomStringConvertible {
  /// The song's title.
  public var title: String
  /// The performer.
  public var artist: String

  /// Creates a track.
  ///
  /// - Parameters:
  ///   - title: The song's title.
  ///   - artist: The performer.
  public init(title: String, artist: String) {
    self.title = title
    self.artist = artist
  }

  /// The artist and the title, such as `Kino - Blood Type`.
  public var description: String { "\(artist) - \(title)" }
}
