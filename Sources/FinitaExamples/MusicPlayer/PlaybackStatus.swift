/// Whether music is playing: the part of the player's state that its transition table drives.
public enum PlaybackStatus: Hashable, CaseIterable, Sendable {
  /// Nothing plays; play starts the selected track from the beginning.
  case stopped
  /// The selected track plays.
  case playing
  /// The selected track is paused; play resumes it.
  case paused
}
