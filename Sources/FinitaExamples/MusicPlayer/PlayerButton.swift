import FinitaAutomaton

/// The player's buttons.
public enum PlayerButton: AutomatonEvent, CaseIterable {
  /// Starts the music, or pauses it when it plays: pressing it again and again toggles.
  case play
  /// Pauses the music.
  case pause
  /// Stops the music; pressing it again is ignored.
  case stop
  /// Selects the next track, keeping the music playing or not.
  case next
}
