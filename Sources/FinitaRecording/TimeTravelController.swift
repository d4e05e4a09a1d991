import Finita

/// Moves a live feature (or store) through the states of a recording, as MVIKotlin's
/// time-travel controller does: step back and forward, jump to any step, then go back to live or
/// continue from the chosen step.
///
/// ```swift
/// let recorder = FeatureRecorder()
/// let tracker = Feature(initialState: .init(), definition: CallTracker(),
///                       configuration: .init(name: "calls", interceptors: [recorder]))
/// // ... the user taps around ...
/// let travel = TimeTravelController(feature: tracker,
///                                   recording: recorder.recording(of: CallTracker.self)!)
/// travel.stepBack()        // observers see the state before the last one
/// travel.stepBack()
/// travel.returnToLive()    // the live state again, then the wishes held meanwhile
/// ```
///
/// The frames are the recording's initial state and the state after each `state` step. While a
/// frame is shown, the feature holds new wishes and the effects of its asynchronous work (see
/// `Feature.travel(to:)`); nothing is lost.
///
/// The controller is generic over the state it shows, so the same type drives a `Feature`, an
/// automaton running as a feature (`Feature(automaton:)`), and a FinitaRedux `Store`
/// (``init(store:recorder:named:)``).
public final class TimeTravelController<State: Sendable>: Sendable {
  /// One state of the recording.
  public struct Frame: Sendable {
    /// The number of the recorded step that produced the state; `nil` for the initial state.
    public let step: Int?
    /// The state.
    public let state: State

    /// Creates a frame.
    ///
    /// - Parameters:
    ///   - step: The number of the recorded step that produced the state, or `nil`.
    ///   - state: The state.
    public init(step: Int?, state: State) {
      self.step = step
      self.state = state
    }
  }

  /// What the controller moves: how to show a state and how to end travelling.
  public struct Target: Sendable {
    let show: @Sendable (State) -> Void
    let returnToLive: @Sendable () -> Void
    let continueFromShown: @Sendable () -> Void

    /// Creates a target from its three operations.
    ///
    /// - Parameters:
    ///   - show: Shows a state to the observers and holds new input (`Feature.travel(to:)`).
    ///   - returnToLive: Shows the live state again and handles what was held.
    ///   - continueFromShown: Keeps the shown state as the live one and handles what was held.
    public init(
      show: @escaping @Sendable (State) -> Void,
      returnToLive: @escaping @Sendable () -> Void,
      continueFromShown: @escaping @Sendable () -> Void
    ) {
      self.show = show
      self.returnToLive = returnToLive
      self.continueFromShown = continueFromShown
    }
  }

  /// The frames, oldest first: the initial state, then one per recorded state step.
  public let frames: [Frame]
  private let target: Target
  private let position: LockedValue<Int?>

  /// Creates a controller that moves `target` through `frames`; the target stays live until a
  /// step.
  ///
  /// - Parameters:
  ///   - frames: The states to move through, oldest first (at least one).
  ///   - target: What shows them.
  public init(frames: [Frame], target: Target) {
    precondition(!frames.isEmpty, "A time-travel controller needs at least one frame")
    self.frames = frames
    self.target = target
    position = LockedValue(nil)
  }

  /// Creates a controller for `feature` over `recording`; the feature stays live until a step.
  ///
  /// - Parameters:
  ///   - feature: The live feature to move.
  ///   - recording: Its recording (or another recording of the same definition).
  public convenience init<Definition: FeatureDefinition>(
    feature: Feature<Definition>, recording: Recording<Definition>
  ) where Definition.State == State {
    var frames = [Frame(step: nil, state: recording.header.initialState)]
    for step in recording.steps where step.stage == .state {
      if let state = step.state { frames.append(Frame(step: step.number, state: state)) }
    }
    self.init(frames: frames, target: .feature(feature))
  }

  /// The index of the frame shown, or `nil` while the feature is live.
  public var currentFrame: Int? {
    position.withLock { $0 }
  }

  /// Shows frame `index`, clamped to the frames there are.
  ///
  /// - Parameter index: A frame index; below `0` shows the first frame, past the end the last.
  /// - Returns: The index of the frame shown.
  @discardableResult
  public func jump(to index: Int) -> Int {
    let clamped = min(max(index, 0), frames.count - 1)
    position.withLock { $0 = clamped }
    target.show(frames[clamped].state)
    return clamped
  }

  /// Shows the frame before the one shown; from live, the frame before the last one.
  ///
  /// - Returns: The index of the frame shown.
  @discardableResult
  public func stepBack() -> Int {
    jump(to: (currentFrame ?? frames.count - 1) - 1)
  }

  /// Shows the frame after the one shown; from live, the last frame.
  ///
  /// - Returns: The index of the frame shown.
  @discardableResult
  public func stepForward() -> Int {
    jump(to: currentFrame.map { $0 + 1 } ?? frames.count - 1)
  }

  /// Shows the live state again, then lets the feature handle what it held meanwhile.
  public func returnToLive() {
    position.withLock { $0 = nil }
    target.returnToLive()
  }

  /// Keeps the frame shown as the feature's live state, a new branch of history, then lets the
  /// feature handle what it held meanwhile.
  public func continueFromHere() {
    position.withLock { $0 = nil }
    target.continueFromShown()
  }
}

extension TimeTravelController.Target {
  /// A feature as a target: `Feature.travel(to:)`, `returnToLive()` and
  /// `continueFromTravelledState()`.
  ///
  /// - Parameter feature: The feature to move.
  /// - Returns: The target.
  public static func feature<Definition: FeatureDefinition>(
    _ feature: Feature<Definition>
  ) -> Self where Definition.State == State {
    Self(
      show: { feature.travel(to: $0) },
      returnToLive: { feature.returnToLive() },
      continueFromShown: { feature.continueFromTravelledState() })
  }
}
