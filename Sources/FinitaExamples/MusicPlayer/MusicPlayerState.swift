/// The music player's state: whether it plays, the playlist, and the selected track.
public struct MusicPlayerState: Equatable, Sendable, CustomStringConvertible {
  /// Whether music is playing.
  public var status: PlaybackStatus
  /// The songs, in order.
  public var playlist: [Track]
  /// The position of the selected track in ``playlist``.
  public var trackIndex: Int

  /// Creates the state.
  ///
  /// - Parameters:
  ///   - status: Whether music is playing; stopped by default.
  ///   - playlist: The songs, in order.
  ///   - trackIndex: The selected track; the first by default.
  public init(status: PlaybackStatus = .stopped, playlist: [Track], trackIndex: Int = 0) {
    self.status = status
    self.playlist = playlist
    self.trackIndex = trackIndex
  }

  /// The selected track, or `nil` when the playlist is empty.
  public var currentTrack: Track? {
    playlist.indices.contains(trackIndex) ? playlist[trackIndex] : nil
  }

  /// The status and the selected track, such as `playing Kino - Blood Type (1/3)`.
  public var description: String {
    guard let track = currentTrack else { return "\(status), empty playlist" }
    return "\(status) \(track) (\(trackIndex + 1)/\(playlist.count))"
  }
}
