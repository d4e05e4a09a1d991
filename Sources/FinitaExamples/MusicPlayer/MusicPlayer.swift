import Finita
import FinitaAutomaton

/// The music player of seed 002: play, pause, stop and next over a playlist.
///
/// A transition table drives the status, so the unusual presses are handled in one place:
/// pressing stop again is ignored, and pressing play again and again starts and pauses the music
/// in turn. The audio engine listens to the news and does what it says.
///
/// | status | play | pause | stop | next |
/// |---|---|---|---|---|
/// | stopped | playing | - | - (ignored) | next track, stopped |
/// | playing | paused | paused | stopped | next track, playing |
/// | paused | playing | - | stopped | next track, paused at its beginning |
///
/// ```swift
/// let player = Feature(
///   initialState: MusicPlayerState(playlist: tracks),
///   definition: MusicPlayer()
/// )
/// let subscription = player.observeNews { news in audioEngine.perform(news) }
/// player.accept(.play)  // news: startedPlaying(tracks[0])
/// player.accept(.play)  // news: paused(tracks[0])
/// ```
public struct MusicPlayer: FeatureDefinition {
  /// The player's buttons.
  public typealias Wish = PlayerButton
  /// The status, the playlist and the selected track.
  public typealias State = MusicPlayerState

  /// What the table asks the player to do.
  public enum Command: Hashable, Sendable {
    /// Start the selected track from its beginning.
    case start
    /// Resume the paused track.
    case resume
    /// Pause the track.
    case pause
    /// Stop playback.
    case stop
    /// Select the next track.
    case skip
  }

  /// What the player did.
  public enum Effect: Hashable, Sendable, CustomStringConvertible {
    /// The status changed.
    case statusDidChange(PlaybackStatus, Command)
    /// The next track was selected; the index wraps to the first track after the last.
    case trackDidChange(index: Int)

    /// A short description for logs, such as `statusDidChange(playing, start)`.
    public var description: String {
      switch self {
      case .statusDidChange(let status, let command): "statusDidChange(\(status), \(command))"
      case .trackDidChange(let index): "trackDidChange(index: \(index))"
      }
    }
  }

  /// What the audio engine must do.
  public enum News: Hashable, Sendable {
    /// Play `track` from its beginning.
    case startedPlaying(Track)
    /// Resume `track` where it was paused.
    case resumed(Track)
    /// Pause `track`; after next while paused, the new track waits paused at its beginning.
    case paused(Track)
    /// Stop playing.
    case stopped
  }

  /// The table of the status; undefined presses are ignored.
  public static let table = Automaton<PlaybackStatus, PlayerButton, Command> {
    Initial(.stopped)
    Transition(from: .stopped, to: .playing, by: .play).output(.start)
    Transition(from: .playing, to: .paused, by: .play).output(.pause)
    Transition(from: .paused, to: .playing, by: .play).output(.resume)
    Transition(from: .playing, to: .paused, by: .pause).output(.pause)
    Transition(from: .playing, to: .stopped, by: .stop).output(.stop)
    Transition(from: .paused, to: .stopped, by: .stop).output(.stop)
    Transition(within: .stopped, by: .next).output(.skip)
    Transition(within: .playing, by: .next).output(.skip)
    Transition(within: .paused, by: .next).output(.skip)
  }

  /// Creates the player's definition.
  public init() {}

  /// Steps the table with the pressed button; an empty playlist ignores every button.
  ///
  /// - Parameters:
  ///   - state: The player's state.
  ///   - action: The pressed button.
  /// - Returns: The change, or nothing for an ignored press.
  public func act(_ state: MusicPlayerState, _ action: PlayerButton) -> Effects<Effect> {
    guard !state.playlist.isEmpty else { return .none }
    var machine = AutomatonMachine(Self.table, state: state.status, undefinedEvents: .ignore)
    guard let step = try? machine.step(action), let command = step.output else { return .none }
    if command == .skip {
      return .just(.trackDidChange(index: (state.trackIndex + 1) % state.playlist.count))
    }
    return .just(.statusDidChange(step.state, command))
  }

  /// Applies the change.
  ///
  /// - Parameters:
  ///   - state: The player's state.
  ///   - effect: The change.
  public func reduce(_ state: inout MusicPlayerState, _ effect: Effect) {
    switch effect {
    case .statusDidChange(let status, _): state.status = status
    case .trackDidChange(let index): state.trackIndex = index
    }
  }

  /// Tells the audio engine what to do: a new track while playing starts from its beginning.
  ///
  /// - Parameters:
  ///   - action: The pressed button.
  ///   - effect: The change.
  ///   - state: The player's state now.
  /// - Returns: The news, if the engine must act.
  public func publishNews(_ action: PlayerButton, _ effect: Effect, _ state: MusicPlayerState)
    -> News?
  {
    guard let track = state.currentTrack else { return nil }
    switch effect {
    case .statusDidChange(_, .start): return .startedPlaying(track)
    case .statusDidChange(_, .resume): return .resumed(track)
    case .statusDidChange(_, .pause): return .paused(track)
    case .statusDidChange(_, .stop): return .stopped
    case .statusDidChange(_, .skip): return nil
    case .trackDidChange:
      switch state.status {
      case .playing: return .startedPlaying(track)
      case .paused: return .paused(track)  // the new track waits, paused at its beginning
      case .stopped: return nil
      }
    }
  }
}
